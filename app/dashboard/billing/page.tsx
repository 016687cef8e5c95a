import type { Metadata } from 'next';
import { AdminUpgradeNote } from '@/components/account/admin-upgrade-note';
import { requireProfile } from '@/lib/accounts/current-account';
import { loadPlans, loadSubscription } from '@/lib/accounts/dashboard-data';
import { BillingSummary } from '@/components/dashboard/billing-summary';
import { PageHeading } from '@/components/dashboard/card';
import { CheckoutBanner } from '@/components/dashboard/checkout-banner';

export const metadata: Metadata = { title: 'Billing' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BillingPage({ searchParams }: Props) {
  const profile = await requireProfile('/dashboard/billing');
  const [subscription, { checkout }] = await Promise.all([loadSubscription(profile), searchParams]);
  const { plans, billing_enabled: enabled } = loadPlans();
  const price = plans.find((p) => p.id === subscription.plan)?.price_monthly_usd ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Billing" description="Your plan and its payment." />
      <CheckoutBanner outcome={typeof checkout === 'string' ? checkout : undefined} />
      <BillingSummary subscription={subscription} priceUsd={price} billingEnabled={enabled} />
      {!enabled && <AdminUpgradeNote email={profile.email} />}
    </div>
  );
}
