import type { Metadata } from 'next';
import { requireProfile } from '@/lib/accounts/current-account';
import { loadSubscription } from '@/lib/accounts/dashboard-data';
import { loadTeam } from '@/lib/teams/team-data';
import { PageHeading } from '@/components/dashboard/card';
import { TeamManager } from '@/components/dashboard/team/team-manager';

export const metadata: Metadata = { title: 'Team' };

export default async function TeamPage() {
  const profile = await requireProfile('/dashboard/team');
  const [team, subscription] = await Promise.all([loadTeam(profile), loadSubscription(profile)]);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Team"
        description="Share your plan and daily allowance with up to the plan's team size. Files are never shared."
      />
      <TeamManager initialTeam={team} viewerId={profile.id} canCreate={(subscription.limits.team_size ?? 1) !== 0} />
    </div>
  );
}
