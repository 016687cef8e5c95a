'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The console's pages (app/admin/): the e2e specs check each answers 403 to a non-administrator. */
const LINKS = [
  { href: '/admin', label: 'Accounts', testId: 'admin-nav-accounts' },
  { href: '/admin/teams', label: 'Teams', testId: 'admin-nav-teams' },
  { href: '/admin/service', label: 'Service', testId: 'admin-nav-service' },
  { href: '/admin/audit', label: 'Audit log', testId: 'admin-nav-audit' },
];

/** The admin console's sections; the current one is marked with aria-current. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Administration">
      <ul className="flex flex-wrap gap-1 text-sm font-medium">
        {LINKS.map(({ href, label, testId }) => {
          const active = href === '/admin' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
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
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
