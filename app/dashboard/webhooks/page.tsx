import type { Metadata } from 'next';
import { requireProfile } from '@/lib/accounts/current-account';
import { TextLink } from '@/components/account/text-link';
import { PageHeading } from '@/components/dashboard/card';
import { WebhooksManager } from '@/components/dashboard/webhooks/webhooks-manager';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  await requireProfile('/dashboard/webhooks');
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Webhooks"
        description={
          <>
            Get a signed POST (<TextLink href="https://www.standardwebhooks.com/">Standard Webhooks</TextLink>) when
            your conversions complete or fail and when a batch is done.
          </>
        }
      />
      <div className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
        <WebhooksManager />
      </div>
    </div>
  );
}
