import Link from 'next/link';
import { PLAN_NAMES, formatStatus } from '@/components/account/format';
import type { SubscriptionJson } from '@/lib/accounts/dashboard-data';
import { isHealthyStatus } from '@/lib/billing/subscription-status';
import { hasHigherPlan } from '@/lib/plans';
import { Badge } from './badge';
import { Card } from './card';
import { smallButton } from './small-button';
import { UsageMeter } from './usage-meter';

export function PlanCard({ subscription }: { subscription: SubscriptionJson }) {
  const { plan, status, usage, limits } = subscription;
  return (
    <Card
      title="Plan and usage"
      testId="plan-card"
      actions={
        <>
          {hasHigherPlan(plan) && (
            <Link href="/pricing" className={smallButton.primary} data-testid="upgrade-link">
              Upgrade
            </Link>
          )}
          <Link href="/dashboard/billing" className={smallButton.secondary}>
            Billing
          </Link>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-2xl font-bold tracking-tight" data-testid="plan-name" data-plan={plan}>
          {PLAN_NAMES[plan]}
        </span>
        {plan !== 'free' && (
          <Badge tone={isHealthyStatus(status) ? 'success' : 'warning'}>{formatStatus(status)}</Badge>
        )}
      </div>
      <UsageMeter used={usage.conversions_today} limit={limits.daily_conversions} />
    </Card>
  );
}
