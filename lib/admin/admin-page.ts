// Who may see the admin console's pages (app/admin/), checked on the server by each page.
import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import { signedInAccount } from '@/lib/accounts/current-account';
import { withCallback } from '@/lib/accounts/callback-url';
import { isAdministrator } from '@/lib/identity/administrator';

/**
 * The signed-in administrator. Signed out: a redirect to /sign-in that comes back to `path`;
 * signed in without the admin role: the 403 page (app/forbidden.tsx, with status 403).
 */
export async function requireAdminPage(path: string) {
  const account = await signedInAccount();
  if (!account) redirect(withCallback('/sign-in', path));
  if (!isAdministrator(account)) forbidden();
  return account;
}
