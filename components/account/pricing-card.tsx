import Link from 'next/link';
import { buttonStyles } from '@/components/ui/button-styles';
import type { PlanId, PlanJson } from './format';
import { formatPrice } from './format';
import { PlanLimitsList } from './plan-limits';
import { RedirectButton } from './redirect-button';

type Viewer = { signedIn: false } | { signedIn: true; plan: PlanId };

type Props = { plan: PlanJson; viewer: Viewer; billingEnabled: boolean; featured?: boolean };

const TAGLINES: Record<PlanId, string> = {
  free: 'To get started.',
  starter: 'For regular conversions.',
  pro: 'For heavy use.',
  business: 'For organisations.',
};

/** One plan on /pricing: price, limits and what the viewer can do about it. */
export function PricingCard({ plan, viewer, billingEnabled, featured = false }: Props) {
  const current = viewer.signedIn && viewer.plan === plan.id;
  return (
    <section
      aria-labelledby={`plan-${plan.id}-name`}
      data-testid="pricing-plan"
      data-plan={plan.id}
      data-current={current || undefined}
      className={`flex flex-col gap-5 rounded-2xl border bg-white p-5 shadow-sm dark:bg-zinc-900/50 ${
        current
          ? 'border-brand-500 ring-2 ring-brand-500/30 dark:border-brand-400'
          : featured
            ? 'border-brand-300 dark:border-brand-800'
            : 'border-zinc-200 dark:border-zinc-800'
      }`}
    >
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id={`plan-${plan.id}-name`} className="text-lg font-semibold tracking-tight">
            {plan.name}
          </h2>
          {current ? (
            <span
              className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-brand-400 dark:text-zinc-950"
              data-testid="current-plan-badge"
            >
              Your plan
            </span>
          ) : (
            featured && (
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/40 dark:text-brand-200">
                Popular
              </span>
            )
          )}
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-bold tracking-tight tabular-nums" data-testid="plan-price">
            {formatPrice(plan.price_monthly_usd)}
          </span>
          <span className="text-sm text-zinc-500 dark:text-zinc-400">/ month</span>
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{TAGLINES[plan.id]}</p>
      </div>
      <PlanLimitsList limits={plan.limits} />
      <div className="mt-auto">
        <PlanAction plan={plan} viewer={viewer} billingEnabled={billingEnabled} />
      </div>
    </section>
  );
}

function PlanAction({ plan, viewer, billingEnabled }: Omit<Props, 'featured'>) {
  const full = 'w-full';
  if (!viewer.signedIn) {
    const href = plan.id === 'free' ? '/sign-up' : '/sign-up?callbackUrl=%2Fpricing';
    return (
      <Link
        href={href}
        className={`${plan.id === 'free' ? buttonStyles.secondary : buttonStyles.primary} ${full}`}
        data-testid="plan-sign-up"
      >
        {plan.id === 'free' ? 'Create a free account' : `Sign up for ${plan.name}`}
      </Link>
    );
  }
  if (viewer.plan === plan.id) {
    return (
      <p className="flex h-11 items-center justify-center text-sm font-medium text-zinc-500 dark:text-zinc-400">
        You are on this plan
      </p>
    );
  }
  if (!billingEnabled) {
    return (
      <p className="flex h-11 items-center justify-center text-center text-sm text-zinc-500 dark:text-zinc-400">
        Ask your administrator
      </p>
    );
  }
  if (viewer.plan === 'free' && plan.id !== 'free') {
    return (
      <RedirectButton
        to={{ checkout: plan.id }}
        label={`Upgrade to ${plan.name}`}
        pendingLabel="Opening checkout…"
        testId={`upgrade-${plan.id}`}
        buttonClass={`${buttonStyles.primary} ${full}`}
      />
    );
  }
  // A paid subscription changes plan in Stripe's portal (a second checkout would bill twice).
  return (
    <Link
      href="/dashboard/billing"
      className={`${buttonStyles.secondary} ${full}`}
      data-testid={`change-to-${plan.id}`}
    >
      {plan.id === 'free' ? 'Cancel in billing' : `Switch to ${plan.name}`}
    </Link>
  );
}
