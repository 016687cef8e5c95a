import type { Metadata } from 'next';
import { requireAdminPage } from '@/lib/admin/admin-page';
import { listAudit } from '@/lib/admin/audit';
import { PageHeading } from '@/components/dashboard/card';
import { AdminCell, AdminRow, AdminTable, EmptyNote } from '@/components/admin/admin-table';
import { Pager } from '@/components/admin/pager';
import { pageParam, type SearchParams } from '@/components/admin/search-params';
import { formatDateTime } from '@/components/ui/format-date';

export const metadata: Metadata = { title: 'Audit log' };

/** An entry's details in words: a change as `field: from → to`, anything else as its JSON. */
function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([field, value]) => {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value)
      return `${field}: ${String(value.from)} → ${String(value.to)}`;
    return `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  });
}

export default async function AdminAuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage('/admin/audit');
  const entries = await listAudit(pageParam((await searchParams).page));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Audit log"
        description="What administrators did, here and with the admin commands on the server, newest first."
      />
      <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        <Pager path="/admin/audit" page={entries.page} pages={entries.pages} total={entries.total} noun="entries" />
        {entries.items.length === 0 ? (
          <EmptyNote testId="audit-empty">No administrator has acted yet.</EmptyNote>
        ) : (
          <AdminTable label="Audit log" columns={['When', 'Who', 'What', 'Target', 'From']} testId="audit-table">
            {entries.items.map((e) => (
              <AdminRow key={e.id} testId="audit-row" data={{ 'data-action': e.action }}>
                <AdminCell label="When" primary className="font-medium whitespace-nowrap">
                  {formatDateTime(e.created_at)}
                </AdminCell>
                <AdminCell label="Who">
                  <span className="wrap-anywhere">{e.actor.email}</span>
                </AdminCell>
                <AdminCell label="What" testId="audit-what">
                  <span className="flex flex-col gap-0.5 max-md:items-end">
                    <code className="font-mono text-xs font-semibold">{e.action}</code>
                    {detailLines(e.details).map((line) => (
                      <span key={line} className="text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                        {line}
                      </span>
                    ))}
                  </span>
                </AdminCell>
                <AdminCell label="Target" testId="audit-target">
                  <span className="wrap-anywhere">{e.target?.email ?? e.target?.id ?? '—'}</span>
                </AdminCell>
                <AdminCell label="From">
                  <span className="font-mono text-xs">{e.origin}</span>
                </AdminCell>
              </AdminRow>
            ))}
          </AdminTable>
        )}
      </div>
    </div>
  );
}
