'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Spinner } from '@/components/account/submit-button';

/**
 * Ends the next-auth session, then loads the home page as a new document, so nothing of the
 * account stays in the client router's cache (and Back does not return to the dashboard).
 * `redirect: false` because next-auth builds its redirect from NEXTAUTH_URL, which may name
 * another origin than the one in use.
 */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onClick() {
    setPending(true);
    setFailed(false);
    try {
      await signOut({ redirect: false });
      window.location.replace('/');
    } catch {
      setPending(false);
      setFailed(true);
    }
  }

  return (
    <div className="flex shrink-0 items-center gap-2">
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not sign out. Try again.
        </p>
      )}
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={pending}
        data-testid="sign-out-button"
        className="inline-flex h-9 shrink-0 items-center pointer-coarse:h-11 gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-semibold whitespace-nowrap text-zinc-800 transition-colors hover:bg-zinc-50 focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        {pending && <Spinner />}
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
