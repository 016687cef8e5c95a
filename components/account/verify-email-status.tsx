'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { api, attempt, type Attempt } from '@/components/api/browser-client';
import { Notice } from './notice';
import { Spinner } from './submit-button';

type State = { phase: 'verifying' } | { phase: 'verified' } | { phase: 'failed'; message: string };

// A token works once: React's development double effects (and re-renders) share one request.
const requests = new Map<string, Promise<Attempt<unknown>>>();
const verify = (token: string) => {
  let request = requests.get(token);
  if (!request) {
    request = attempt(api.POST('/api/v1/auth/verify-email', { body: { token } }));
    requests.set(token, request);
  }
  return request;
};

/** Posts the mailed token once and shows the outcome. */
export function VerifyEmailStatus({ token, signedIn }: { token: string; signedIn: boolean }) {
  const [state, setState] = useState<State>({ phase: 'verifying' });

  useEffect(() => {
    let live = true;
    void verify(token).then((result) => {
      if (live) setState(result.ok ? { phase: 'verified' } : { phase: 'failed', message: result.message });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const next = signedIn
    ? { href: '/dashboard', label: 'Go to your dashboard' }
    : { href: '/sign-in', label: 'Sign in' };

  return (
    <div className="flex flex-col gap-4" data-testid="verify-email-status" data-phase={state.phase}>
      {state.phase === 'verifying' && (
        <p role="status" className="flex items-center justify-center gap-2 py-2 text-zinc-600 dark:text-zinc-400">
          <Spinner /> Confirming your e-mail address…
        </p>
      )}
      {state.phase === 'verified' && (
        <Notice tone="success" role="status" testId="verify-email-success" title="E-mail address confirmed">
          <p>Thank you. Your account is all set.</p>
        </Notice>
      )}
      {state.phase === 'failed' && (
        <Notice tone="error" role="alert" testId="verify-email-error" title="This link did not work">
          <p>{state.message}</p>
          <p>
            Links are valid for 3 days and work once. If you already confirmed your address, there is nothing left to
            do.
          </p>
        </Notice>
      )}
      {state.phase !== 'verifying' && (
        <Link href={next.href} className={buttonStyles.primary} data-testid="verify-email-continue">
          {next.label}
        </Link>
      )}
    </div>
  );
}
