'use client';

import { useState, type FormEvent } from 'react';
import { apiRequest } from '@/components/account/api-client';
import { Notice } from '@/components/account/notice';
import { SubmitButton } from '@/components/account/submit-button';
import { TextField } from '@/components/account/text-field';
import type { TeamJson } from '../types';

/** Names a new team and creates it (POST /api/v1/team). */
export function CreateTeamForm({ onCreated }: { onCreated: (team: TeamJson) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!name) return setError('Give the team a name.');
    setPending(true);
    const result = await apiRequest<TeamJson>('/api/v1/team', { body: { name } });
    setPending(false);
    if (result.ok) onCreated(result.data);
    else setError(result.error);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="create-team-form">
      {error && (
        <Notice tone="error" role="alert" testId="create-team-error" title="Could not create the team">
          <p>{error}</p>
        </Notice>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField label="Team name" name="name" maxLength={100} autoComplete="off" data-testid="team-name-input" />
        </div>
        <SubmitButton
          pending={pending}
          pendingLabel="Creating…"
          testId="create-team-button"
          className="sm:mt-[1.625rem] sm:w-40"
        >
          Create team
        </SubmitButton>
      </div>
    </form>
  );
}
