import { connectedProviders } from '@/lib/cloud/cloud-connections';
import { CLOUD_PROVIDER_NAMES, isConfigured, oauthSettings } from '@/lib/cloud/providers';
import { CLOUD_PROVIDERS } from '@/lib/domain/cloud-providers';

/** Every provider: configured by the administrator, connectable (client secret too), connected by this account. */
export async function cloudProviderStatus(userId: string) {
  const connected = await connectedProviders(userId);
  return CLOUD_PROVIDERS.map((id) => ({
    id,
    name: CLOUD_PROVIDER_NAMES[id],
    configured: isConfigured(id),
    connectable: oauthSettings(id) !== null,
    connected: connected.has(id),
  }));
}
