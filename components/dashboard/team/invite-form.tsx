'use client';

import { useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { Notice } from '@/components/account/notice';
import { TextField } from '@/components/account/text-field';
import { InlineForm } from '../inline-form';
import { smallButton } from '../small-button';
import type { CreatedInvitationJson } from '../types';

/** Invites an address (POST /api/v1/team/invites) and shows the join link once, with a copy button. */
export function InviteForm({ onInvited }: { onInvited: (invitation: CreatedInvitationJson) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!email) return setError('Enter the e-mail address to invite.');
    setError(undefined);
    setPending(true);
    const result = await attempt(api.POST('/api/v1/team/invites', { body: { email } }));
    setPending(false);
    if (!result.ok) return setError(result.message);
    form.reset();
    setCopied(false);
    setLink(`${window.location.origin}/team/join?token=${encodeURIComponent(result.data.token)}`);
    onInvited(result.data);
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <InlineForm
        onSubmit={onSubmit}
        testId="invite-form"
        error={error}
        errorTitle="Could not invite"
        errorTestId="invite-error"
        pending={pending}
        submitLabel="Invite"
        pendingLabel="Inviting…"
        submitTestId="invite-button"
      >
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          maxLength={254}
          autoComplete="off"
          data-testid="invite-email-input"
        />
      </InlineForm>
      {link && (
        <Notice tone="success" role="status" testId="invite-link" title="Invitation sent">
          <p>We mailed this link. It is shown only now, works once, and expires in 7 days:</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code className="min-w-0 break-all font-mono text-xs" data-testid="invite-link-value">
              {link}
            </code>
            <button
              type="button"
              className={smallButton.secondary}
              onClick={() => void copy()}
              data-testid="copy-invite-link"
            >
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </p>
        </Notice>
      )}
    </div>
  );
}
