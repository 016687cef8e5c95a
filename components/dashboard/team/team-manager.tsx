'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api, attempt } from '@/components/api/browser-client';
import { Notice } from '@/components/account/notice';
import { formatDate, formatDateTime } from '@/components/ui/format-date';
import { ConfirmDialog } from '../confirm-dialog';
import { Card } from '../card';
import { smallButton } from '../small-button';
import type { TeamJson } from '../types';
import { CreateTeamForm } from './create-team-form';
import { InviteForm } from './invite-form';

type Props = { initialTeam: TeamJson | null; viewerId: string; canCreate: boolean };
type Removing = { userId: string; label: string; leaving: boolean; pending: boolean; error?: string };

/** Create a team; for the owner invite, withdraw and remove; for a member leave. */
export function TeamManager({ initialTeam, viewerId, canCreate }: Props) {
  const router = useRouter();
  const [team, setTeam] = useState(initialTeam);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [error, setError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');

  async function reload() {
    const result = await attempt(api.GET('/api/v1/team'));
    setTeam(result.ok ? result.data : null);
  }

  async function withdraw(id: string, email: string) {
    const result = await attempt(api.DELETE('/api/v1/team/invites/{id}', { params: { path: { id } } }));
    if (!result.ok && result.error.status !== 404) return setError(result.message);
    setAnnouncement(`Invitation for ${email} withdrawn.`);
    await reload();
  }

  async function confirmRemove() {
    if (!removing) return;
    setRemoving({ ...removing, pending: true });
    const params = { path: { id: removing.userId } };
    const result = await attempt(api.DELETE('/api/v1/team/members/{id}', { params }));
    if (!result.ok) return setRemoving({ ...removing, pending: false, error: result.message });
    setAnnouncement(removing.leaving ? 'You left the team.' : `${removing.label} was removed.`);
    setRemoving(null);
    await reload();
    router.refresh(); // the plan shown elsewhere changes with membership
  }

  if (!team) {
    return (
      <Card
        title="Create a team"
        description="Members share your plan and its daily allowance. Their files stay private."
        testId="create-team-card"
      >
        {canCreate ? (
          <CreateTeamForm onCreated={setTeam} />
        ) : (
          <Notice tone="info" testId="team-plan-required" title="Teams come with Pro and Business">
            <p>Upgrade on the billing page to create a team, or accept an invitation from a team owner.</p>
          </Notice>
        )}
        <p role="status" className="sr-only" data-testid="team-status">
          {announcement}
        </p>
      </Card>
    );
  }

  const isOwner = team.members.some((m) => m.user_id === viewerId && m.role === 'owner');
  const seats =
    team.team.capacity === null
      ? 'unlimited'
      : `${team.members.length + team.invitations.length} of ${team.team.capacity} places taken`;

  return (
    <div className="flex flex-col gap-6">
      {error && (
        <Notice tone="error" role="alert" testId="team-error" title="That did not work">
          <p>{error}</p>
        </Notice>
      )}
      <Card
        title={team.team.name}
        description={`${team.team.plan[0].toUpperCase()}${team.team.plan.slice(1)} plan · ${seats}`}
        testId="team-card"
      >
        <ul className="flex flex-col divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="team-members">
          {team.members.map((m) => {
            const self = m.user_id === viewerId;
            const canRemove =
              (isOwner && !self) || (!isOwner && self) || (isOwner && self && team.members.length === 1);
            return (
              <li
                key={m.user_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="team-member"
              >
                <span className="min-w-0">
                  <span className="font-medium">{m.name ?? m.email}</span>
                  {m.name && <span className="text-zinc-600 dark:text-zinc-400"> · {m.email}</span>}
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {' '}
                    · {m.role === 'owner' ? 'Owner' : 'Member'} since {formatDate(m.joined_at)}
                  </span>
                </span>
                {canRemove && (
                  <button
                    type="button"
                    className={smallButton.danger}
                    data-testid={self ? 'leave-team' : 'remove-member'}
                    onClick={() => setRemoving({ userId: m.user_id, label: m.email, leaving: self, pending: false })}
                  >
                    {self ? (isOwner ? 'Dissolve team' : 'Leave team') : 'Remove'}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </Card>

      {isOwner && (
        <Card
          title="Invitations"
          description="Invite by e-mail address. Open invitations hold a place until used, withdrawn or expired."
          testId="team-invitations"
        >
          <InviteForm onInvited={() => void reload()} />
          {team.invitations.length > 0 && (
            <ul
              className="flex flex-col divide-y divide-zinc-200 text-sm dark:divide-zinc-800"
              data-testid="open-invitations"
            >
              {team.invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-testid="open-invitation"
                >
                  <span>
                    {i.email}{' '}
                    <span className="text-zinc-600 dark:text-zinc-400">· expires {formatDateTime(i.expires_at)}</span>
                  </span>
                  <button
                    type="button"
                    className={smallButton.secondary}
                    onClick={() => void withdraw(i.id, i.email)}
                    data-testid="withdraw-invitation"
                  >
                    Withdraw
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      <p role="status" className="sr-only" data-testid="team-status">
        {announcement}
      </p>

      <ConfirmDialog
        open={removing !== null}
        title={removing?.leaving ? 'Leave the team?' : `Remove ${removing?.label ?? ''}?`}
        confirmLabel={removing?.leaving ? 'Leave' : 'Remove'}
        pending={removing?.pending}
        error={removing?.error}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving((r) => (r?.pending ? r : null))}
        testId="remove-member-dialog"
      >
        <p>
          {removing?.leaving
            ? 'You return to your own plan (Free unless you subscribe) at once.'
            : 'They return to the Free plan at once; their files stay theirs.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
