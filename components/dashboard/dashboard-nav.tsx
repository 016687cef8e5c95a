'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/dashboard', label: 'Overview', testId: 'dashboard-nav-overview' },
  { href: '/dashboard/api-keys', label: 'API keys', testId: 'dashboard-nav-api-keys' },
  { href: '/dashboard/webhooks', label: 'Webhooks', testId: 'dashboard-nav-webhooks' },
  { href: '/dashboard/conversions', label: 'Conversions', testId: 'dashboard-nav-conversions' },
  { href: '/dashboard/team', label: 'Team', testId: 'dashboard-nav-team' },
  { href: '/dashboard/billing', label: 'Billing', testId: 'dashboard-nav-billing' },
];

/** The dashboard's sections; the current one is marked with aria-current. */
export function DashboardNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Account">
      <ul className="flex flex-wrap gap-1 text-sm font-medium">
        {LINKS.map(({ href, label, testId }) => {
          const active =
            href === '/dashboard' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
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
