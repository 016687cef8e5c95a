import type { Metadata } from 'next';
import { AdminUpgradeNote } from '@/components/account/admin-upgrade-note';
import { currentProfile } from '@/lib/accounts/current-account';
import { PricingCard } from '@/components/account/pricing-card';
import { TextLink } from '@/components/account/text-link';
import { loadPlans } from '@/lib/accounts/dashboard-data';

export const metadata: Metadata = { title: 'Pricing', description: 'The Transmute plans and their limits.' };

export default async function PricingPage() {
  const profile = await currentProfile();
  const { plans, billing_enabled: billingEnabled } = loadPlans();
  const viewer = profile ? ({ signedIn: true, plan: profile.own_plan } as const) : ({ signedIn: false } as const);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Plans and pricing</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          Every plan converts the same formats on this server. Paid plans take bigger files, keep results longer and add
          API keys. Prices are in US dollars per month.
        </p>
        {!profile && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Already have an account? <TextLink href="/sign-in?callbackUrl=%2Fpricing">Sign in</TextLink> to upgrade.
          </p>
        )}
      </div>

      {!billingEnabled && <AdminUpgradeNote email={profile?.email} />}

      <div
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="pricing-plans"
        data-billing-enabled={billingEnabled}
      >
        {plans.map((plan) => (
          <PricingCard
            key={plan.id}
            plan={plan}
            viewer={viewer}
            billingEnabled={billingEnabled}
            featured={plan.id === 'pro'}
          />
        ))}
      </div>
    </div>
  );
}
