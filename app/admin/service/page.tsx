import type { Metadata } from 'next';
import { requireAdminPage } from '@/lib/admin/admin-page';
import { serviceOverview } from '@/lib/admin/service-overview';
import { AdminServiceOverview } from '@/lib/schemas/admin-service';
import { PageHeading } from '@/components/dashboard/card';
import { ConversionsPanel, HealthPanel, QueuePanel } from '@/components/admin/service-panels';
import { StoragePanel } from '@/components/admin/storage-panel';
import { ConfigurationPanel } from '@/components/admin/configuration-panel';

export const metadata: Metadata = { title: 'Service' };

export default async function AdminServicePage() {
  await requireAdminPage('/admin/service');
  // The answer of GET /api/v1/admin/service, read in this process.
  const overview = AdminServiceOverview.parse(await serviceOverview());
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Service"
        description="Readiness, the queue, the last day's conversions, storage and the configuration in force, as of this page's load."
      />
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <HealthPanel health={overview.health} />
        <QueuePanel queue={overview.queue} />
      </div>
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <ConversionsPanel rows={overview.conversions_24h} />
        <StoragePanel storage={overview.storage} />
      </div>
      <ConfigurationPanel entries={overview.configuration} />
    </div>
  );
}
