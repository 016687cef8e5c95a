'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

/** `pathname` is `href`'s page or one below it ("/" only itself). */
const isCurrent = (href: string, pathname: string) =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);

/**
 * A main-navigation link, marked with aria-current on its own pages. At least 44 px tall for a
 * finger; a full-width row in the small-screen menu, a compact pill in the bar from `lg`.
 */
export function NavLink({ href, children, onClick }: { href: string; children: ReactNode; onClick?: () => void }) {
  const active = isCurrent(href, usePathname());
  return (
    <Link
      href={href}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={`flex min-h-12 items-center rounded-lg px-3 text-base transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:min-h-11 lg:rounded-md lg:text-sm ${
        active
          ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-white'
          : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 lg:text-zinc-600 dark:text-zinc-300 dark:hover:bg-zinc-800/70 dark:hover:text-white lg:dark:text-zinc-400'
      }`}
    >
      {children}
    </Link>
  );
}
