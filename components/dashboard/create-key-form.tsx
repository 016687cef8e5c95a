'use client';

import { useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { TextField } from '@/components/account/text-field';
import { InlineForm } from './inline-form';
import type { CreatedApiKeyJson } from './types';

type Props = { onCreated: (key: CreatedApiKeyJson) => void; onPlanRequired: (message: string) => void };

/** Names a new key and creates it (POST /api/v1/api-keys). */
export function CreateKeyForm({ onCreated, onPlanRequired }: Props) {
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setFormError(undefined);
    if (!name) {
      setFieldError('Give the key a name, so you can recognise it later.');
      form.querySelector<HTMLInputElement>('[name="name"]')?.focus();
      return;
    }
    setFieldError(undefined);
    setPending(true);
    const result = await attempt(api.POST('/api/v1/api-keys', { body: { name } }));
    setPending(false);
    if (result.ok) {
      form.reset();
      onCreated(result.data);
    } else if (result.error.status === 403 && result.error.code === 'plan_required') {
      onPlanRequired(result.message);
    } else {
      setFormError(result.message);
    }
  }

  return (
    <InlineForm
      onSubmit={onSubmit}
      testId="create-key-form"
      error={formError}
      errorTitle="Could not create the key"
      errorTestId="create-key-error"
      pending={pending}
      submitLabel="Create key"
      pendingLabel="Creating…"
      submitTestId="create-key-button"
    >
      <TextField
        label="Key name"
        name="name"
        maxLength={100}
        placeholder="e.g. CI pipeline"
        autoComplete="off"
        error={fieldError}
        data-testid="key-name-input"
      />
    </InlineForm>
  );
}
