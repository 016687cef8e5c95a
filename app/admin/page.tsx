import type { Metadata } from 'next';
import { requireAdminPage } from '@/lib/admin/admin-page';
import { signupRule } from '@/lib/accounts/signup-rule';
import { listAccounts } from '@/lib/admin/accounts';
import { Card, PageHeading } from '@/components/dashboard/card';
import { SignUpInviteForm } from '@/components/admin/sign-up-invite-form';
import { AccountsManager } from '@/components/admin/accounts-manager';
import { Pager } from '@/components/admin/pager';
import { smallButton } from '@/components/dashboard/small-button';
import { oneParam, pageParam, type SearchParams } from '@/components/admin/search-params';

export const metadata: Metadata = { title: 'Accounts' };

/** What an invitation to sign up does under each sign-up rule (SIGNUP; lib/accounts/signup-rule.ts). */
const INVITE_NOTE = {
  open: 'Anyone may sign up here; an invited address signs up already verified.',
  invite: 'Only invited addresses may sign up here: the link admits this address, already verified.',
  domains:
    'Sign-up is limited to some domains (SIGNUP_DOMAINS): an invitation admits an address at them, already verified.',
  closed: 'Sign-up is closed (SIGNUP=closed): an invitation admits no one until sign-up opens.',
} as const;

export default async function AdminAccountsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requireAdminPage('/admin');
  const params = await searchParams;
  const q = oneParam(params.q)?.trim().slice(0, 254) ?? '';
  const page = pageParam(params.page);
  const found = await listAccounts({ q: q || undefined, page });

  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Accounts"
        description="Find an account by any part of its e-mail address or name; change its plan, verify it, disable it, make it an administrator or delete it. Every change is in the audit log."
      />
      <form role="search" action="/admin" className="flex flex-col gap-2 sm:flex-row" data-testid="account-search">
        <label htmlFor="account-search-input" className="sr-only">
          Search accounts
        </label>
        <input
          id="account-search-input"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by e-mail or name"
          maxLength={254}
          data-testid="account-search-input"
          className="h-11 w-full min-w-0 rounded-lg sm:flex-1 border border-zinc-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" className={smallButton.primary.replace('h-9 pointer-coarse:h-11', 'h-11')}>
          Search
        </button>
      </form>
      <div className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        <div className="flex flex-col gap-4">
          <Pager
            path="/admin"
            page={found.page}
            pages={found.pages}
            total={found.total}
            params={{ q }}
            noun={q ? `account${found.total === 1 ? '' : 's'} match “${q}”` : `account${found.total === 1 ? '' : 's'}`}
          />
          {/* A new search or page is a new list: the key starts the manager afresh. */}
          <AccountsManager key={`${q}:${page}`} initial={found.items} selfId={admin.id} />
        </div>
      </div>
      <Card title="Invite someone to sign up" testId="sign-up-invite" description={INVITE_NOTE[signupRule().mode]}>
        <SignUpInviteForm />
      </Card>
    </div>
  );
}
