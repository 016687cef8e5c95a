// Cloud import providers and their settings, read from the environment on every use. The three
// file services are reached through the outbound client with the access token the browser's
// picker handed over; `s3` is a bucket the administrator configures, read with the AWS SDK.
// The API base URLs are overridable (tests point them at local stand-ins).

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

const env = process.env;

export const providerSettings = {
  google_drive: () => ({
    clientId: env.GOOGLE_DRIVE_CLIENT_ID,
    apiBase: env.GOOGLE_DRIVE_API_BASE ?? 'https://www.googleapis.com',
  }),
  dropbox: () => ({
    appKey: env.DROPBOX_APP_KEY,
    contentApiBase: env.DROPBOX_CONTENT_API_BASE ?? 'https://content.dropboxapi.com',
  }),
  onedrive: () => ({
    clientId: env.ONEDRIVE_CLIENT_ID,
    apiBase: env.ONEDRIVE_API_BASE ?? 'https://graph.microsoft.com',
  }),
  s3: () => ({
    bucket: env.CLOUD_S3_BUCKET,
    endpoint: env.CLOUD_S3_ENDPOINT,
    region: env.CLOUD_S3_REGION ?? 'us-east-1',
    accessKeyId: env.CLOUD_S3_ACCESS_KEY_ID,
    secretAccessKey: env.CLOUD_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.CLOUD_S3_FORCE_PATH_STYLE !== 'false',
  }),
};

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
