import Link from 'next/link';
import type { ComponentProps } from 'react';

const textLinkClass =
  'rounded font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300 dark:hover:text-brand-200';

/** An inline link in the site's link style. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link {...props} className={`${textLinkClass} ${className ?? ''}`} />;
}
