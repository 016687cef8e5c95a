import Link from 'next/link';
import { Notice } from '@/components/account/notice';
import { smallButton } from './small-button';

const PLAN_REQUIRED_MESSAGE = 'API keys need a paid plan (Starter, Pro or Business)';

/** Shown on Free, and when creating a key answers 403 plan_required. */
export function PlanRequiredNotice({
  message = PLAN_REQUIRED_MESSAGE,
  fromServer = false,
}: {
  message?: string;
  fromServer?: boolean;
}) {
  return (
    <Notice
      tone="info"
      role={fromServer ? 'alert' : undefined}
      testId="api-keys-plan-required"
      code="plan_required"
      title="Upgrade to use API keys"
    >
      <p data-testid="api-keys-plan-message">{message}</p>
      <p>Your browser session keeps working on every plan; keys are for scripts and other apps.</p>
      <div>
        <Link href="/pricing" className={smallButton.primary} data-testid="api-keys-pricing-link">
          See plans and pricing
        </Link>
      </div>
    </Notice>
  );
}
