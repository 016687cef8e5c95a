import { AppError } from '@/lib/errors';
import { providerSettings } from '@/lib/cloud/providers';
import type { CloudProvider } from '@/lib/domain/cloud-providers';

// The download request of each HTTP provider (its documented content endpoint). The file's name
// comes from the answer: Drive's metadata, Dropbox's `Dropbox-API-Result`, else Content-Disposition.

export type ProviderRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Drive: where the file's name is read (JSON `{name}`). */
  metadataUrl?: string;
};

/** JSON for an HTTP header: non-ASCII escaped, as Dropbox requires. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const base = (url: string) => url.replace(/\/+$/, '');

export function providerRequest(
  provider: Exclude<CloudProvider, 's3'>,
  fileId: string,
  accessToken: string | undefined,
): ProviderRequest {
  if (!accessToken)
    throw new AppError('validation_failed', `"access_token" is required for ${provider} (or connect it first)`);
  const auth = { authorization: `Bearer ${accessToken}` };
  switch (provider) {
    case 'google_drive': {
      const file = `${base(providerSettings.google_drive().apiBase)}/drive/v3/files/${encodeURIComponent(fileId)}`;
      return {
        url: `${file}?alt=media&supportsAllDrives=true`,
        method: 'GET',
        headers: auth,
        metadataUrl: `${file}?fields=name&supportsAllDrives=true`,
      };
    }
    case 'dropbox': {
      const content = base(providerSettings.dropbox().contentApiBase);
      // A shared link (the Chooser's), or a file of the connected account by its id or path.
      return /^https?:\/\//i.test(fileId)
        ? {
            url: `${content}/2/sharing/get_shared_link_file`,
            method: 'POST',
            headers: { ...auth, 'dropbox-api-arg': asciiJson({ url: fileId }) },
          }
        : {
            url: `${content}/2/files/download`,
            method: 'POST',
            headers: { ...auth, 'dropbox-api-arg': asciiJson({ path: fileId }) },
          };
    }
    case 'onedrive': {
      const api = `${base(providerSettings.onedrive().apiBase)}/v1.0`;
      // A sharing link is addressed as u!<base64url of the link> (Graph "shares" API).
      const item = /^https?:\/\//i.test(fileId)
        ? `${api}/shares/u!${Buffer.from(fileId).toString('base64url')}/driveItem`
        : `${api}/me/drive/items/${encodeURIComponent(fileId)}`;
      return { url: `${item}/content`, method: 'GET', headers: auth };
    }
  }
}
