import type { Metadata } from 'next';
import { requireProfile } from '@/lib/accounts/current-account';
import { Notice } from '@/components/account/notice';
import { JoinTeam } from '@/components/dashboard/team/join-team';

export const metadata: Metadata = { title: 'Join a team' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function JoinTeamPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token : '';
  // Signs in first (or registers), then comes back here with the token.
  const profile = await requireProfile(`/team/join?token=${encodeURIComponent(value)}`);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Join a team</h1>
      {value ? (
        <JoinTeam token={value} email={profile.email} />
      ) : (
        <Notice tone="error" testId="join-no-token" title="This link is incomplete">
          <p>Open the whole link from the invitation e-mail.</p>
        </Notice>
      )}
    </div>
  );
}
