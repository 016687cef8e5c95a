import type { Metadata } from 'next';
import Link from 'next/link';
import { requireProfile } from '@/lib/accounts/current-account';
import { Notice } from '@/components/account/notice';
import { PlanLimitsList } from '@/components/account/plan-limits';
import { TextLink } from '@/components/account/text-link';
import { loadApiKeys, loadSubscription } from '@/lib/accounts/dashboard-data';
import { Card, PageHeading } from '@/components/dashboard/card';
import { PlanCard } from '@/components/dashboard/plan-card';
import { ProfileCard } from '@/components/dashboard/profile-card';
import { smallButton } from '@/components/dashboard/small-button';
import { ResendVerificationButton } from '@/components/dashboard/resend-verification-button';

export const metadata: Metadata = { title: 'Overview' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DashboardPage({ searchParams }: Props) {
  const profile = await requireProfile('/dashboard');
  const [subscription, keys, { welcome }] = await Promise.all([
    loadSubscription(profile),
    loadApiKeys(profile),
    searchParams,
  ]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={profile.name ? `Hello, ${profile.name}` : 'Your account'}
        description="Your profile, your plan and what you have used today."
      />

      {welcome === '1' && (
        <Notice tone="success" role="status" testId="welcome-banner" title="Welcome to Transmute">
          <p>
            Your account is ready
            {profile.email_verified ? '.' : ` — we sent a link to ${profile.email} to confirm your address.`}
          </p>
        </Notice>
      )}
      {!profile.email_verified && welcome !== '1' && (
        <Notice tone="warning" testId="verify-email-reminder" title="Confirm your e-mail address">
          <p>Open the link we mailed to {profile.email} when you signed up. You can use Transmute in the meantime.</p>
          <ResendVerificationButton />
        </Notice>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <ProfileCard profile={profile} />
        <PlanCard subscription={subscription} />
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card
          title="Your limits"
          description={
            <>
              Compare them with the other plans on the <TextLink href="/pricing">pricing page</TextLink>.
            </>
          }
          testId="limits-card"
        >
          <PlanLimitsList limits={subscription.limits} testId="plan-limits" />
        </Card>
        <Card title="API keys" description="Use Transmute from scripts and other apps." testId="api-keys-summary">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {subscription.limits.api_access
              ? keys.length === 0
                ? 'You have no API keys yet.'
                : `You have ${keys.length} API ${keys.length === 1 ? 'key' : 'keys'}.`
              : 'API keys come with the Starter, Pro and Business plans.'}
          </p>
          <div>
            <Link href="/dashboard/api-keys" className={smallButton.secondary}>
              Manage API keys
            </Link>
          </div>
        </Card>
      </div>
    </div>
  );
}
