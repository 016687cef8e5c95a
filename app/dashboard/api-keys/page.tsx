import type { Metadata } from 'next';
import { requireProfile } from '@/lib/accounts/current-account';
import { TextLink } from '@/components/account/text-link';
import { loadApiKeys, loadSubscription } from '@/lib/accounts/dashboard-data';
import { ApiKeysManager } from '@/components/dashboard/api-keys-manager';
import { PageHeading } from '@/components/dashboard/card';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage() {
  const profile = await requireProfile('/dashboard/api-keys');
  const [subscription, keys] = await Promise.all([loadSubscription(profile), loadApiKeys(profile)]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="API keys"
        description={
          <>
            Keys let scripts and other apps convert files as you. See the <TextLink href="/docs">API docs</TextLink> for
            the endpoints.
          </>
        }
      />
      <div className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        <ApiKeysManager initialKeys={keys} apiAccess={subscription.limits.api_access} />
      </div>
    </div>
  );
}
