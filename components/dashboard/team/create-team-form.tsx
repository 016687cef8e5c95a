'use client';

import { useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { TextField } from '@/components/account/text-field';
import { InlineForm } from '../inline-form';
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
    const result = await attempt(api.POST('/api/v1/team', { body: { name } }));
    setPending(false);
    if (result.ok) onCreated(result.data);
    else setError(result.message);
  }

  return (
    <InlineForm
      onSubmit={onSubmit}
      testId="create-team-form"
      error={error}
      errorTitle="Could not create the team"
      errorTestId="create-team-error"
      pending={pending}
      submitLabel="Create team"
      pendingLabel="Creating…"
      submitTestId="create-team-button"
    >
      <TextField label="Team name" name="name" maxLength={100} autoComplete="off" data-testid="team-name-input" />
    </InlineForm>
  );
}
