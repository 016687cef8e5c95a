import { SectionNav } from '@/components/ui/section-nav';

/** The console's pages (app/admin/): the e2e specs check each answers 403 to a non-administrator. */
const LINKS = [
  { href: '/admin', label: 'Accounts', testId: 'admin-nav-accounts' },
  { href: '/admin/teams', label: 'Teams', testId: 'admin-nav-teams' },
  { href: '/admin/service', label: 'Service', testId: 'admin-nav-service' },
  { href: '/admin/audit', label: 'Audit log', testId: 'admin-nav-audit' },
];

/** The admin console's sections. */
export const AdminNav = () => <SectionNav label="Administration" links={LINKS} />;
