import Link from 'next/link';
import { PLAN_NAMES, formatPrice, formatStatus } from '@/components/account/format';
import { formatDate } from '@/components/ui/format-date';
import { RedirectButton } from '@/components/account/redirect-button';
import type { SubscriptionJson } from '@/lib/accounts/dashboard-data';
import { isEndedStatus, isHealthyStatus, type SubscriptionStatus } from '@/lib/billing/subscription-status';
import { hasHigherPlan } from '@/lib/plans';
import { Badge, type BadgeTone } from './badge';
import { Card } from './card';
import { smallButton } from './small-button';

const statusTone = (status: SubscriptionStatus): BadgeTone =>
  isHealthyStatus(status) ? 'success' : status === 'free' ? 'neutral' : isEndedStatus(status) ? 'danger' : 'warning';

type Props = { subscription: SubscriptionJson; priceUsd: number; billingEnabled: boolean };

/** Plan, status and period end, with Upgrade (→ /pricing) and Manage (→ Stripe's portal). */
export function BillingSummary({ subscription, priceUsd, billingEnabled }: Props) {
  const { plan, status, current_period_end: periodEnd } = subscription;
  // `team`: on the plan of the team this account belongs to; the owner pays, so no portal here.
  const paid = plan !== 'free' && status !== 'team';
  return (
    <Card title="Current plan" testId="billing-summary">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <dt className="text-zinc-500 dark:text-zinc-400">Plan</dt>
          <dd className="flex items-baseline gap-2">
            <span className="text-xl font-bold tracking-tight" data-testid="billing-plan" data-plan={plan}>
              {PLAN_NAMES[plan]}
            </span>
            <span className="text-zinc-500 dark:text-zinc-400">
              {paid ? `${formatPrice(priceUsd)} / month` : 'free of charge'}
            </span>
          </dd>
        </div>
        <div className="flex flex-col items-start gap-1">
          <dt className="text-zinc-500 dark:text-zinc-400">Status</dt>
          <dd data-testid="billing-status" data-status={status}>
            <Badge tone={statusTone(status)}>{formatStatus(status)}</Badge>
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-zinc-500 dark:text-zinc-400">
            {status === 'canceled' ? 'Access ends' : 'Current period ends'}
          </dt>
          <dd className="font-medium" data-testid="billing-period-end">
            {periodEnd ? (
              <time dateTime={periodEnd}>{formatDate(periodEnd)}</time>
            ) : paid ? (
              'No end date'
            ) : (
              'No billing period'
            )}
          </dd>
        </div>
      </dl>
      {status === 'past_due' && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          The last payment did not go through. Update your payment method in the billing portal to keep your plan.
        </p>
      )}
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-start dark:border-zinc-800">
        {hasHigherPlan(plan) && (
          <Link href="/pricing" className={smallButton.primary} data-testid="billing-upgrade-link">
            {paid ? 'Change plan' : billingEnabled ? 'Upgrade' : 'Compare plans'}
          </Link>
        )}
        {billingEnabled && paid && (
          <RedirectButton
            to="portal"
            label="Manage billing"
            pendingLabel="Opening the billing portal…"
            testId="manage-billing-button"
            buttonClass={smallButton.secondary}
          />
        )}
      </div>
      {billingEnabled && paid && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Change or cancel your plan, update your card and download invoices in the billing portal.
        </p>
      )}
    </Card>
  );
}
