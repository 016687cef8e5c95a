'use client';

import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { api, attempt } from '@/components/api/browser-client';

/** Asks for a new verification mail and says what happened. */
export function ResendVerificationButton() {
  const [state, setState] = useState<{ pending: boolean; message?: string; error?: boolean }>({ pending: false });

  async function onClick() {
    setState({ pending: true });
    const result = await attempt(api.POST('/api/v1/auth/verify-email/resend'));
    setState(
      result.ok
        ? { pending: false, message: 'Sent. Check your inbox.' }
        : { pending: false, message: result.message, error: true },
    );
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={state.pending}
        className={buttonStyles.secondary}
        data-testid="resend-verification"
      >
        {state.pending ? 'Sending…' : 'Send the link again'}
      </button>
      {state.message && (
        <span role={state.error ? 'alert' : 'status'} className="text-sm" data-testid="resend-verification-result">
          {state.message}
        </span>
      )}
    </div>
  );
}
