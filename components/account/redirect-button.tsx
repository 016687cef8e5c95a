'use client';

import type { components } from '@transmute/client';
import { useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { Notice } from './notice';
import { Spinner } from './submit-button';

type Props = {
  /** Where to: Stripe's checkout of a plan, or its billing portal (each answers `{url}`). */
  to: { checkout: components['schemas']['CheckoutRequest']['plan'] } | 'portal';
  label: string;
  pendingLabel: string;
  testId: string;
  /** The button's classes; the site's primary button by default. */
  buttonClass?: string;
};

/** Asks the API for a Stripe URL and goes there; the API's message shows when it refuses. */
export function RedirectButton({ to, label, pendingLabel, testId, buttonClass = buttonStyles.primary }: Props) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onClick() {
    setPending(true);
    setError(undefined);
    const result = await attempt(
      to === 'portal'
        ? api.POST('/api/v1/billing/portal')
        : api.POST('/api/v1/billing/checkout', { body: { plan: to.checkout } }),
    );
    const url = result.ok ? result.data.url : null;
    if (url && /^https?:\/\//i.test(url)) {
      window.location.assign(url);
      return; // stay "pending" while the browser leaves
    }
    setPending(false);
    setError(result.ok ? 'The server did not answer with a payment page. Try again in a moment.' : result.message);
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
