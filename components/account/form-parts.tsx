import type { ReactNode } from 'react';
import { Notice } from './notice';
import { TextField } from './text-field';

// What the account forms share: the e-mail and new-password fields and their checks, the refusal
// above the fields, and moving focus to the first field in error.

/** Same limit as lib/schemas/accounts.ts (browser code does not import server modules). */
export const EMAIL_MAX_LENGTH = 254;

/** Same rule as Password in lib/schemas/accounts.ts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;

/** A first check in the browser; the server's schema has the last word. */
export const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+$/.test(v);

export function EmailField({
  error,
  autoFocus,
  maxLength,
}: {
  error?: string;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  return (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      autoFocus={autoFocus}
      maxLength={maxLength}
      error={error}
      data-testid="email-input"
    />
  );
}

/** A password being chosen (sign-up, reset), with the length rule shown under it. */
export function NewPasswordField({ label, autoFocus, error }: { label: string; autoFocus?: boolean; error?: string }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      autoFocus={autoFocus}
      revealable
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      error={error}
      data-testid="password-input"
    />
  );
}

/** The form's refusal (nothing when there is none); `children` adds what to do next. */
export function FormError({
  message,
  testId,
  title,
  code,
  children,
}: {
  message?: string;
  testId: string;
  title: string;
  code?: string;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Notice tone="error" role="alert" testId={testId} code={code} title={title}>
      <p>{message}</p>
      {children}
    </Notice>
  );
}

export function focusField(form: HTMLFormElement | null, name: string) {
  form?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
}
