'use client';

import { useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { EMAIL_MAX_LENGTH, EmailField, FormError, focusField, looksLikeEmail } from './form-parts';
import { Notice } from './notice';
import { SubmitButton } from './submit-button';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFormError(undefined);
    if (!looksLikeEmail(email)) {
      setFieldError('Enter the e-mail address of your account.');
      focusField(event.currentTarget, 'email');
      return;
    }
    setFieldError(undefined);
    setPending(true);
    const result = await attempt(api.POST('/api/v1/auth/password-reset', { body: { email } }));
    setPending(false);
    if (result.ok) setSentTo(email);
    else setFormError(result.message);
  }

  if (sentTo) {
    return (
      <Notice tone="success" role="status" testId="forgot-password-sent" title="Check your inbox">
        <p>
          If an account exists for <strong className="break-all">{sentTo}</strong>, we sent it a link to choose a new
          password. The link is valid for 1 hour.
        </p>
        <p className="text-emerald-800/80 dark:text-emerald-200/70">
          No mail after a few minutes? Check your spam folder, or ask the administrator of this server.
        </p>
      </Notice>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="forgot-password-form">
      <FormError message={formError} testId="forgot-password-error" title="Could not send the link" />
      <EmailField autoFocus maxLength={EMAIL_MAX_LENGTH} error={fieldError} />
      <SubmitButton pending={pending} pendingLabel="Sending…" testId="forgot-password-button">
        Send reset link
      </SubmitButton>
    </form>
  );
}
