import { SectionNav } from '@/components/ui/section-nav';

const LINKS = [
  { href: '/dashboard', label: 'Overview', testId: 'dashboard-nav-overview' },
  { href: '/dashboard/api-keys', label: 'API keys', testId: 'dashboard-nav-api-keys' },
  { href: '/dashboard/webhooks', label: 'Webhooks', testId: 'dashboard-nav-webhooks' },
  { href: '/dashboard/conversions', label: 'Conversions', testId: 'dashboard-nav-conversions' },
  { href: '/dashboard/team', label: 'Team', testId: 'dashboard-nav-team' },
  { href: '/dashboard/billing', label: 'Billing', testId: 'dashboard-nav-billing' },
];

/** The dashboard's sections. */
export const DashboardNav = () => <SectionNav label="Account" links={LINKS} />;
