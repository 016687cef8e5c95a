'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import {
  EMAIL_MAX_LENGTH,
  EmailField,
  FormError,
  focusField,
  looksLikeEmail,
  NewPasswordField,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from './form-parts';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { TextLink } from './text-link';

type Field = 'name' | 'email' | 'password';
type Errors = Partial<Record<Field, string>> & { form?: string; code?: string };

/**
 * Registers through POST /api/v1/auth/register, then signs in with the same credentials. An
 * invitation's token goes with the registration: where only invited people may sign up it admits them.
 */
export function SignUpForm({ callbackPath, invitation }: { callbackPath: string; invitation?: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found: Errors = {};
    if (!looksLikeEmail(email)) found.email = 'Enter a valid e-mail address, like ada@example.com.';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = PASSWORD_TOO_SHORT;
    setErrors(found);
    const first = (['email', 'password'] as const).find((f) => found[f]);
    if (first) return focusField(formRef.current, first);

    setPending(true);
    const body = { email, password, ...(name ? { name } : {}), ...(invitation ? { invitation } : {}) };
    const registered = await attempt(api.POST('/api/v1/auth/register', { body }));
    if (!registered.ok) {
      setPending(false);
      const { status, code } = registered.error;
      setErrors({ form: registered.message, code: status === 409 ? 'exists' : code });
      return;
    }
    try {
      const result = await signIn('credentials', { email, password, redirect: false });
      if (result?.ok && !result.error) {
        router.replace(callbackPath === '/dashboard' ? '/dashboard?welcome=1' : callbackPath);
        router.refresh();
        return;
      }
    } catch {
      // fall through: the account exists, only the automatic sign-in failed
    }
    router.replace('/sign-in');
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-up-form">
      <FormError message={errors.form} testId="sign-up-error" code={errors.code} title="Could not create the account">
        {errors.code === 'exists' && (
          <p>
            <TextLink href="/sign-in">Sign in</TextLink> instead, or{' '}
            <TextLink href="/forgot-password">reset your password</TextLink>.
          </p>
        )}
      </FormError>
      <TextField
        label="Name (optional)"
        name="name"
        autoComplete="name"
        maxLength={100}
        autoFocus
        error={errors.name}
        data-testid="name-input"
      />
      <EmailField maxLength={EMAIL_MAX_LENGTH} error={errors.email} />
      <NewPasswordField label="Password" error={errors.password} />
      <SubmitButton pending={pending} pendingLabel="Creating your account…" testId="sign-up-button">
        Create account
      </SubmitButton>
    </form>
  );
}
