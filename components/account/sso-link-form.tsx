'use client';

import { useState } from 'react';
import { FormError } from './form-parts';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/**
 * The account's password links the waiting SSO sign-in: a plain form to POST /api/auth/sso-link,
 * which answers back to the link page (lib/auth/sso-link.ts).
 */
export function SsoLinkForm({ email, providerName, error }: { email: string; providerName: string; error?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <form
      method="post"
      action="/api/auth/sso-link"
      onSubmit={() => setPending(true)}
      className="flex flex-col gap-4"
      data-testid="sso-link-form"
    >
      <FormError message={error} testId="sso-link-error" title="Could not link" />
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={200}
        revealable
        autoFocus
        data-testid="password-input"
      />
      <SubmitButton pending={pending} pendingLabel="Linking…" testId="sso-link-button">
        Link and sign in with {providerName}
      </SubmitButton>
    </form>
  );
}
