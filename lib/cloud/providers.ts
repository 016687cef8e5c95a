import { config } from '@/lib/config';
import type { CloudProvider } from '@/lib/domain/cloud-providers';

// Cloud import providers and their settings, read from the environment on every use (through the
// configuration's schema, which holds their defaults). The three file services are reached through
// the outbound client, with an access token the caller brings or the one of the person's connection
// (OAuth 2.0, when the administrator also gave the client secret); `s3` is a bucket the
// administrator configures, read with the AWS SDK. The API and OAuth endpoint URLs are overridable
// (tests point them at local stand-ins).

export const CLOUD_PROVIDER_NAMES: Record<CloudProvider, string> = {
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  onedrive: 'OneDrive',
  s3: 'Amazon S3',
};

/** How long a fetched file waits for POST /convert/from-cloud. */
export const CLOUD_IMPORT_TTL_MS = 15 * 60_000;

export const providerSettings = {
  google_drive: () => ({
    clientId: config.googleDriveClientId,
    clientSecret: config.googleDriveClientSecret,
    apiBase: config.googleDriveApiBase,
    authorizeUrl: config.googleDriveAuthorizeUrl,
    tokenUrl: config.googleDriveTokenUrl,
  }),
  dropbox: () => ({
    appKey: config.dropboxAppKey,
    appSecret: config.dropboxAppSecret,
    apiBase: config.dropboxApiBase,
    contentApiBase: config.dropboxContentApiBase,
    authorizeUrl: config.dropboxAuthorizeUrl,
    tokenUrl: config.dropboxTokenUrl,
  }),
  onedrive: () => ({
    clientId: config.onedriveClientId,
    clientSecret: config.onedriveClientSecret,
    apiBase: config.onedriveApiBase,
    authorizeUrl: config.onedriveAuthorizeUrl,
    tokenUrl: config.onedriveTokenUrl,
  }),
  s3: () => ({
    bucket: config.cloudS3Bucket,
    endpoint: config.cloudS3Endpoint,
    region: config.cloudS3Region,
    accessKeyId: config.cloudS3AccessKeyId,
    secretAccessKey: config.cloudS3SecretAccessKey,
    forcePathStyle: config.cloudS3ForcePathStyle,
  }),
};

export type OAuthSettings = {
  /** The provider's name, as people know it. */
  name: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** What the connection may do: read files, and keep working while the person is away. */
  scope: string;
  /** The provider's own way of asking for a refresh token. */
  extraParams: Record<string, string>;
};

type OAuthProvider = Exclude<CloudProvider, 's3'>;

/** Each file service's OAuth client settings (Dropbox calls its client an app) and what it asks for. */
const OAUTH_CLIENTS: Record<
  OAuthProvider,
  {
    client: () => { clientId?: string; clientSecret?: string; authorizeUrl: string; tokenUrl: string };
    scope: string;
    extraParams: Record<string, string>;
  }
> = {
  google_drive: {
    client: providerSettings.google_drive,
    scope: 'https://www.googleapis.com/auth/drive.readonly',
    extraParams: { access_type: 'offline', prompt: 'consent' },
  },
  dropbox: {
    client: () => {
      const s = providerSettings.dropbox();
      return { clientId: s.appKey, clientSecret: s.appSecret, authorizeUrl: s.authorizeUrl, tokenUrl: s.tokenUrl };
    },
    scope: 'files.metadata.read files.content.read',
    extraParams: { token_access_type: 'offline' },
  },
  onedrive: {
    client: providerSettings.onedrive,
    scope: 'offline_access Files.Read',
    extraParams: {},
  },
};

/** The OAuth client of a provider, or null while the administrator gave no client secret. */
export function oauthSettings(provider: CloudProvider): OAuthSettings | null {
  if (provider === 's3') return null;
  const { client, scope, extraParams } = OAUTH_CLIENTS[provider];
  const { clientId, clientSecret, authorizeUrl, tokenUrl } = client();
  if (!clientId || !clientSecret) return null;
  return { name: CLOUD_PROVIDER_NAMES[provider], clientId, clientSecret, authorizeUrl, tokenUrl, scope, extraParams };
}

export function isConfigured(provider: CloudProvider): boolean {
  switch (provider) {
    case 'google_drive':
      return Boolean(providerSettings.google_drive().clientId);
    case 'dropbox':
      return Boolean(providerSettings.dropbox().appKey);
    case 'onedrive':
      return Boolean(providerSettings.onedrive().clientId);
    case 's3':
      return Boolean(providerSettings.s3().bucket);
  }
}
