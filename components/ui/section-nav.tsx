'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export type SectionLink = { href: string; label: string; testId: string };

/**
 * The tabs of an area of pages (the dashboard, the admin console); the current one is marked with
 * aria-current. The first link is the area's root: it is current on its own page only, the others
 * on their pages and everything under them.
 */
export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const pathname = usePathname();
  const root = links[0]?.href;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 text-sm font-medium">
        {links.map(({ href, label: text, testId }) => {
          const active = href === root ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                data-testid={testId}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-md px-3 whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${
                  active
                    ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200'
                    : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-white'
                }`}
              >
                {text}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
