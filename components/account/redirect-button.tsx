'use client';

import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { apiRequest } from './api-client';
import { Notice } from './notice';
import { Spinner } from './submit-button';

type Props = {
  /** An endpoint answering `{url}`: billing checkout or portal. */
  endpoint: string;
  body?: unknown;
  label: string;
  pendingLabel: string;
  testId: string;
  /** The button's classes; the site's primary button by default. */
  buttonClass?: string;
};

/** Asks the API for a Stripe URL and goes there; the API's message shows when it refuses. */
export function RedirectButton({
  endpoint,
  body = {},
  label,
  pendingLabel,
  testId,
  buttonClass = buttonStyles.primary,
}: Props) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onClick() {
    setPending(true);
    setError(undefined);
    const result = await apiRequest<{ url?: unknown }>(endpoint, { body });
    const url = result.ok && typeof result.data?.url === 'string' ? result.data.url : null;
    if (url && /^https?:\/\//i.test(url)) {
      window.location.assign(url);
      return; // stay "pending" while the browser leaves
    }
    setPending(false);
    setError(result.ok ? 'The server did not answer with a payment page. Try again in a moment.' : result.error);
  }

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={pending}
        className={buttonClass}
        data-testid={testId}
      >
        {pending && <Spinner />}
        {pending ? pendingLabel : label}
      </button>
      {error && (
        <Notice tone="error" role="alert" testId={`${testId}-error`}>
          <p>{error}</p>
        </Notice>
      )}
    </div>
  );
}
