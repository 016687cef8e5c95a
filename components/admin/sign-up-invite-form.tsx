'use client';

import { useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { Notice } from '@/components/account/notice';
import { TextField } from '@/components/account/text-field';
import { InlineForm } from '@/components/dashboard/inline-form';
import { smallButton } from '@/components/dashboard/small-button';

/**
 * Invites an address to sign up (POST /api/v1/admin/invitations): the API mails the link and answers
 * it once, shown here with a copy button (for a server without mail).
 */
export function SignUpInviteForm() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [invited, setInvited] = useState<{ email: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!email) return setError('Enter the e-mail address to invite.');
    setError(undefined);
    setPending(true);
    const result = await attempt(api.POST('/api/v1/admin/invitations', { body: { email } }));
    setPending(false);
    if (!result.ok) return setError(result.message);
    form.reset();
    setCopied(false);
    setInvited({ email: result.data.email, url: result.data.url });
  }

  async function copy() {
    if (!invited) return;
    await navigator.clipboard.writeText(invited.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <InlineForm
        onSubmit={onSubmit}
        testId="sign-up-invite-form"
        error={error}
        errorTitle="Could not invite"
        errorTestId="sign-up-invite-error"
        pending={pending}
        submitLabel="Invite"
        pendingLabel="Inviting…"
        submitTestId="sign-up-invite-button"
      >
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          maxLength={254}
          autoComplete="off"
          data-testid="sign-up-invite-email"
        />
      </InlineForm>
      {invited && (
        <Notice tone="success" role="status" testId="sign-up-invite-link" title={`Invitation sent to ${invited.email}`}>
          <p>We mailed this sign-up link. It is shown only now, works once, and expires in 7 days:</p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code className="min-w-0 font-mono text-xs wrap-anywhere" data-testid="sign-up-invite-url">
              {invited.url}
            </code>
            <button type="button" className={smallButton.secondary} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
          </p>
        </Notice>
      )}
    </div>
  );
}
