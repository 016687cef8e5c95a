import { setting } from '@/lib/config/read-setting';

// Cloud import providers and their settings, read from the environment on every use (through the
// configuration's schema, which holds their defaults). The three file services are reached through
// the outbound client, with an access token the caller brings or the one of the person's connection
// (OAuth 2.0, when the administrator also gave the client secret); `s3` is a bucket the
// administrator configures, read with the AWS SDK. The API and OAuth endpoint URLs are overridable
// (tests point them at local stand-ins).

export const CLOUD_PROVIDERS = ['google_drive', 'dropbox', 'onedrive', 's3'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

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
    clientId: setting('GOOGLE_DRIVE_CLIENT_ID'),
    clientSecret: setting('GOOGLE_DRIVE_CLIENT_SECRET'),
    apiBase: setting('GOOGLE_DRIVE_API_BASE'),
    authorizeUrl: setting('GOOGLE_DRIVE_AUTHORIZE_URL'),
    tokenUrl: setting('GOOGLE_DRIVE_TOKEN_URL'),
  }),
  dropbox: () => ({
    appKey: setting('DROPBOX_APP_KEY'),
    appSecret: setting('DROPBOX_APP_SECRET'),
    apiBase: setting('DROPBOX_API_BASE'),
    contentApiBase: setting('DROPBOX_CONTENT_API_BASE'),
    authorizeUrl: setting('DROPBOX_AUTHORIZE_URL'),
    tokenUrl: setting('DROPBOX_TOKEN_URL'),
  }),
  onedrive: () => ({
    clientId: setting('ONEDRIVE_CLIENT_ID'),
    clientSecret: setting('ONEDRIVE_CLIENT_SECRET'),
    apiBase: setting('ONEDRIVE_API_BASE'),
    authorizeUrl: setting('ONEDRIVE_AUTHORIZE_URL'),
    tokenUrl: setting('ONEDRIVE_TOKEN_URL'),
  }),
  s3: () => ({
    bucket: setting('CLOUD_S3_BUCKET'),
    endpoint: setting('CLOUD_S3_ENDPOINT'),
    region: setting('CLOUD_S3_REGION'),
    accessKeyId: setting('CLOUD_S3_ACCESS_KEY_ID'),
    secretAccessKey: setting('CLOUD_S3_SECRET_ACCESS_KEY'),
    forcePathStyle: setting('CLOUD_S3_FORCE_PATH_STYLE'),
  }),
};

/** The file services a person can connect (OAuth 2.0): every provider but the administrator's bucket. */
export const OAUTH_PROVIDERS = ['google_drive', 'dropbox', 'onedrive'] as const satisfies readonly CloudProvider[];
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export type OAuthSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** What the connection may do: read files, and keep working while the person is away. */
  scope: string;
  /** The provider's own way of asking for a refresh token. */
  extraParams: Record<string, string>;
};

/** The OAuth client of a provider, or null while the administrator gave no client secret. */
export function oauthSettings(provider: CloudProvider): OAuthSettings | null {
  switch (provider) {
    case 'google_drive': {
      const s = providerSettings.google_drive();
      if (!s.clientId || !s.clientSecret) return null;
      return {
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        authorizeUrl: s.authorizeUrl,
        tokenUrl: s.tokenUrl,
        scope: 'https://www.googleapis.com/auth/drive.readonly',
        extraParams: { access_type: 'offline', prompt: 'consent' },
      };
    }
    case 'dropbox': {
      const s = providerSettings.dropbox();
      if (!s.appKey || !s.appSecret) return null;
      return {
        clientId: s.appKey,
        clientSecret: s.appSecret,
        authorizeUrl: s.authorizeUrl,
        tokenUrl: s.tokenUrl,
        scope: 'files.metadata.read files.content.read',
        extraParams: { token_access_type: 'offline' },
      };
    }
    case 'onedrive': {
      const s = providerSettings.onedrive();
      if (!s.clientId || !s.clientSecret) return null;
      return {
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        authorizeUrl: s.authorizeUrl,
        tokenUrl: s.tokenUrl,
        scope: 'offline_access Files.Read',
        extraParams: {},
      };
    }
    case 's3':
      return null;
  }
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
