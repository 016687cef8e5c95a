'use client';

import { useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { Badge } from '@/components/dashboard/badge';
import { ConfirmDialog } from '@/components/dashboard/confirm-dialog';
import { smallButton } from '@/components/dashboard/small-button';
import { formatBytes } from '@/components/ui/format-bytes';
import { AdminCell, AdminRow, AdminTable, EmptyNote } from './admin-table';
import { AccountDialog, type AccountChange } from './account-dialog';
import type { AdminAccountJson } from './types';

const COLUMNS = ['Account', 'Plan', 'Role', 'Status', 'Today', 'Last 30 days', ''] as const;

/** Conversions and their input bytes: one line on a phone's card, two in the table. */
function Usage({ usage }: { usage: AdminAccountJson['usage']['today'] }) {
  return (
    <span className="inline-flex gap-x-1.5 md:flex-col">
      <span>
        {usage.conversions} conversion{usage.conversions === 1 ? '' : 's'}
      </span>
      <span className="text-zinc-600 dark:text-zinc-400">
        <span className="md:hidden">· </span>
        {formatBytes(usage.bytes)}
      </span>
    </span>
  );
}

type Deleting = { account: AdminAccountJson; pending: boolean; error?: string };

/**
 * The accounts found (server-rendered page of GET /api/v1/admin/accounts), each with a Manage
 * dialog that changes it through the admin API; a change shows the account as the API answers it.
 */
export function AccountsManager({ initial, selfId }: { initial: AdminAccountJson[]; selfId: string }) {
  const [accounts, setAccounts] = useState(initial);
  const [managing, setManaging] = useState<AdminAccountJson | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [announcement, setAnnouncement] = useState('');

  async function change(account: AdminAccountJson, body: AccountChange) {
    const result = await attempt(
      api.PATCH('/api/v1/admin/accounts/{id}', { params: { path: { id: account.id } }, body }),
    );
    if (result.ok) {
      const updated = result.data.account;
      setAccounts((list) => list.map((a) => (a.id === updated.id ? updated : a)));
      setManaging(updated);
      setAnnouncement(`${updated.email} updated.`);
    }
    return result;
  }

  async function confirmDelete() {
    if (!deleting) return;
    const { account } = deleting;
    setDeleting({ account, pending: true });
    const result = await attempt(api.DELETE('/api/v1/admin/accounts/{id}', { params: { path: { id: account.id } } }));
    if (!result.ok && result.error.status !== 404) {
      setDeleting({ account, pending: false, error: result.message });
      return;
    }
    setAccounts((list) => list.filter((a) => a.id !== account.id));
    setDeleting(null);
    setAnnouncement(`${account.email} deleted with its files.`);
  }

  if (accounts.length === 0) return <EmptyNote testId="accounts-empty">No account matches.</EmptyNote>;

  return (
    <>
      <AdminTable label="Accounts" columns={COLUMNS} testId="accounts-table">
        {accounts.map((a) => (
          <AdminRow key={a.id} testId="account-row" data={{ 'data-email': a.email }}>
            <AdminCell label="Account" primary className="md:min-w-48">
              <span className="flex min-w-0 flex-col">
                <span
                  className="font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100"
                  data-testid="account-email"
                >
                  {a.email}
                </span>
                {a.name && <span className="text-xs text-zinc-500 dark:text-zinc-400">{a.name}</span>}
                {a.team && (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    Team {a.team.role === 'owner' ? 'owner' : 'member'}
                  </span>
                )}
              </span>
            </AdminCell>
            <AdminCell label="Plan" testId="account-plan">
              <Badge tone={a.plan === 'free' ? 'neutral' : 'brand'}>{a.plan}</Badge>
            </AdminCell>
            <AdminCell label="Role" testId="account-role">
              {a.role === 'admin' ? (
                <Badge tone="warning">admin</Badge>
              ) : (
                <span className="text-zinc-600 dark:text-zinc-400">user</span>
              )}
            </AdminCell>
            <AdminCell label="Status" testId="account-status">
              <span className="inline-flex flex-wrap gap-1 max-md:justify-end">
                {a.disabled ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}
                {a.verified ? <Badge>verified</Badge> : <Badge tone="warning">unverified</Badge>}
              </span>
            </AdminCell>
            <AdminCell label="Today" className="whitespace-nowrap tabular-nums" testId="account-usage-today">
              <Usage usage={a.usage.today} />
            </AdminCell>
            <AdminCell label="Last 30 days" className="whitespace-nowrap tabular-nums">
              <Usage usage={a.usage.last_30_days} />
            </AdminCell>
            <td className="py-3 pl-3 text-right align-top max-md:p-0">
              <button
                type="button"
                className={`${smallButton.secondary} max-md:w-full`}
                onClick={() => setManaging(a)}
                data-testid="manage-account"
                aria-label={`Manage ${a.email}`}
              >
                Manage
              </button>
            </td>
          </AdminRow>
        ))}
      </AdminTable>

      <p role="status" className="sr-only" data-testid="accounts-status">
        {announcement}
      </p>

      {managing && (
        <AccountDialog
          account={managing}
          self={managing.id === selfId}
          onChange={(body) => change(managing, body)}
          onDelete={() => {
            setDeleting({ account: managing, pending: false });
            setManaging(null);
          }}
          onClose={() => setManaging(null)}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.account.email ?? ''}?`}
        confirmLabel="Delete account and files"
        pending={deleting?.pending}
        error={deleting?.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="delete-account-dialog"
      >
        <p>
          The account{' '}
          <strong className="wrap-anywhere text-zinc-900 dark:text-zinc-100">{deleting?.account.email}</strong> is
          deleted with every file it has: its conversions and their results, uploads, share links, API keys and
          webhooks. A team it owns ends with it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
