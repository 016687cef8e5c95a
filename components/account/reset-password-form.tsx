'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { api, attempt } from '@/components/api/browser-client';
import {
  FormError,
  focusField,
  NewPasswordField,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from './form-parts';
import { Notice } from './notice';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { TextLink } from './text-link';

type Errors = { password?: string; confirm?: string; form?: string };

/** Sets a new password with the token of the reset mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    const found: Errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = PASSWORD_TOO_SHORT;
    else if (confirm !== password) found.confirm = 'The two passwords differ.';
    setErrors(found);
    if (found.password || found.confirm) {
      focusField(form, found.password ? 'password' : 'confirm');
      return;
    }
    setPending(true);
    const result = await attempt(api.POST('/api/v1/auth/password-reset/confirm', { body: { token, password } }));
    setPending(false);
    if (result.ok) setDone(true);
    else setErrors({ form: result.message });
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="success" role="status" testId="reset-password-success" title="Password changed">
          <p>Sign in with your new password. Apps signed in through the API have to sign in again too.</p>
        </Notice>
        <Link href="/sign-in" className={buttonStyles.primary} data-testid="reset-password-sign-in">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="reset-password-form">
      <FormError message={errors.form} testId="reset-password-error" title="Could not change the password">
        <p>
          <TextLink href="/forgot-password">Ask for a new link</TextLink>
        </p>
      </FormError>
      <NewPasswordField label="New password" autoFocus error={errors.password} />
      <TextField
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirm}
        data-testid="confirm-input"
      />
      <SubmitButton pending={pending} pendingLabel="Saving…" testId="reset-password-button">
        Set new password
      </SubmitButton>
    </form>
  );
}
