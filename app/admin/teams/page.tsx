import type { Metadata } from 'next';
import { requireAdminPage } from '@/lib/admin/admin-page';
import { listTeams } from '@/lib/admin/teams';
import { PageHeading } from '@/components/dashboard/card';
import { Badge } from '@/components/dashboard/badge';
import { AdminCell, AdminRow, AdminTable, EmptyNote } from '@/components/admin/admin-table';
import { Pager } from '@/components/admin/pager';
import { pageParam, type SearchParams } from '@/components/admin/search-params';
import { formatDate } from '@/components/ui/format-date';

export const metadata: Metadata = { title: 'Teams' };

export default async function AdminTeamsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage('/admin/teams');
  const teams = await listTeams(pageParam((await searchParams).page));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Teams"
        description="Every team with its owner, the plan its members use (the owner's) and its members."
      />
      <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        <Pager path="/admin/teams" page={teams.page} pages={teams.pages} total={teams.total} noun="teams" />
        {teams.items.length === 0 ? (
          <EmptyNote testId="teams-empty">No team yet.</EmptyNote>
        ) : (
          <AdminTable label="Teams" columns={['Team', 'Owner', 'Plan', 'Members', 'Created']} testId="teams-table">
            {teams.items.map((t) => (
              <AdminRow key={t.id} testId="team-row">
                <AdminCell label="Team" primary>
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{t.name}</span>
                </AdminCell>
                <AdminCell label="Owner">
                  <span className="wrap-anywhere">{t.owner.email}</span>
                </AdminCell>
                <AdminCell label="Plan">
                  <Badge tone={t.plan === 'free' ? 'neutral' : 'brand'}>{t.plan}</Badge>
                </AdminCell>
                <AdminCell label={`Members (${t.members.length})`}>
                  <ul className="flex flex-col gap-0.5" aria-label={`Members of ${t.name}`}>
                    {t.members.map((m) => (
                      <li key={m.id} className="wrap-anywhere">
                        {m.email}
                        {m.role === 'owner' && (
                          <span className="text-xs text-zinc-600 dark:text-zinc-400"> (owner)</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </AdminCell>
                <AdminCell label="Created" className="whitespace-nowrap">
                  {formatDate(t.created_at)}
                </AdminCell>
              </AdminRow>
            ))}
          </AdminTable>
        )}
      </div>
    </div>
  );
}
