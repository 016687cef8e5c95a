'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { NETWORK_ERROR } from '@/components/api/browser-client';
import { signInErrorMessage } from './auth-errors';
import { EmailField, FormError, focusField, looksLikeEmail } from './form-parts';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { TextLink } from './text-link';

type Errors = { email?: string; password?: string; form?: string };

/** E-mail + password through next-auth (credentials), then on to the page asked for. */
export function SignInForm({ callbackPath, initialError }: { callbackPath: string; initialError?: string }) {
  const [errors, setErrors] = useState<Errors>(initialError ? { form: initialError } : {});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found: Errors = {};
    if (!looksLikeEmail(email)) found.email = 'Enter the e-mail address of your account.';
    if (!password) found.password = 'Enter your password.';
    setErrors(found);
    if (found.email || found.password) {
      focusField(formRef.current, found.email ? 'email' : 'password');
      return;
    }
    setPending(true);
    try {
      const result = await signIn('credentials', { email, password, redirect: false });
      if (result?.ok && !result.error) {
        // refresh() re-renders the server components (the header) for the signed-in visitor.
        router.replace(callbackPath);
        router.refresh();
        return;
      }
      setErrors({ form: signInErrorMessage(result?.error ?? undefined, result?.status) });
    } catch {
      setErrors({ form: NETWORK_ERROR });
    }
    setPending(false);
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-in-form">
      <FormError message={errors.form} testId="sign-in-error" title="Could not sign in" />
      <EmailField autoFocus error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        revealable
        error={errors.password}
        data-testid="password-input"
      />
      <div className="-mt-1 text-right text-sm">
        <TextLink href="/forgot-password" data-testid="forgot-password-link">
          Forgot your password?
        </TextLink>
      </div>
      <SubmitButton pending={pending} pendingLabel="Signing in…" testId="sign-in-button">
        Sign in
      </SubmitButton>
    </form>
  );
}
