'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api, attempt } from '@/components/api/browser-client';
import { Notice } from '@/components/account/notice';
import { buttonStyles } from '@/components/ui/button-styles';

/** Accepts an invitation (POST /api/v1/team/join), then opens the team page. */
export function JoinTeam({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function join() {
    setPending(true);
    setError(undefined);
    const result = await attempt(api.POST('/api/v1/team/join', { body: { token } }));
    if (result.ok) return router.push('/dashboard/team');
    setPending(false);
    setError(result.message);
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-700 dark:text-zinc-300">
        You are signed in as <span className="font-medium">{email}</span>. Joining puts you on the team&apos;s plan;
        your files stay private.
      </p>
      {error && (
        <Notice tone="error" role="alert" testId="join-error" title="Could not join">
          <p>{error}</p>
        </Notice>
      )}
      <button
        type="button"
        className={`${buttonStyles.primary} sm:w-48`}
        disabled={pending}
        onClick={() => void join()}
        data-testid="join-team-button"
      >
        {pending ? 'Joining…' : 'Join the team'}
      </button>
    </div>
  );
}
