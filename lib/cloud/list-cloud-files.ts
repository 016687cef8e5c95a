import { AppError } from '@/lib/errors';
import { connectionAccessToken } from '@/lib/cloud/cloud-connections';
import { connectableOrThrow } from '@/lib/cloud/connect-cloud';
import { CLOUD_PROVIDER_NAMES, providerSettings } from '@/lib/cloud/providers';
import type { OAuthProvider } from '@/lib/domain/cloud-providers';
import { outboundRequest } from '@/lib/outbound/client';

// The picker's listing of a connected account: one folder's entries, or the files matching a
// search, through each provider's documented API (Drive v3 files.list, Dropbox list_folder and
// search_v2, Microsoft Graph children and search). One page of up to 200 entries.

export type CloudEntry = { id: string; name: string; size: number | null; folder: boolean };

const PAGE = 200;
const LISTING_BYTES = 4 * 1024 * 1024;
const base = (url: string) => url.replace(/\/+$/, '');

/** Lists a folder (the root when `folder` is absent), or searches for `search` (in `folder` if given). */
export async function listCloudFiles(options: {
  userId: string;
  provider: OAuthProvider;
  folder?: string;
  search?: string;
}): Promise<CloudEntry[]> {
  connectableOrThrow(options.provider);
  const token = await connectionAccessToken(options.userId, options.provider);
  const auth = { authorization: `Bearer ${token}` };
  switch (options.provider) {
    case 'google_drive':
      return driveList(auth, options.folder, options.search);
    case 'dropbox':
      return dropboxList(auth, options.folder, options.search);
    case 'onedrive':
      return oneDriveList(auth, options.folder, options.search);
  }
}

async function readJson(
  provider: OAuthProvider,
  url: string,
  init: { headers: Record<string, string>; body?: unknown },
) {
  const res = await outboundRequest(url, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: init.body === undefined ? init.headers : { ...init.headers, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    maxRedirects: 0,
    maxBytes: LISTING_BYTES,
    totalTimeoutMs: 30_000,
  });
  const chunks: Buffer[] = [];
  for await (const c of res.body) chunks.push(c as Buffer);
  const name = CLOUD_PROVIDER_NAMES[provider];
  if (res.status === 404 || res.status === 409) throw new AppError('not_found', `${name} has no such folder`);
  if (res.status < 200 || res.status > 299) throw new AppError('bad_request', `${name} answered HTTP ${res.status}`);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AppError('bad_request', `${name} answered with something other than JSON`);
  }
}

const sizeOf = (value: unknown) => (value === undefined || value === null ? null : Number(value));

// Drive's query language quotes with ' and escapes it and \ with a backslash.
const driveLiteral = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const DRIVE_FOLDER = 'application/vnd.google-apps.folder';

async function driveList(headers: Record<string, string>, folder?: string, search?: string) {
  const terms = ['trashed = false'];
  if (folder || !search) terms.push(`${driveLiteral(folder ?? 'root')} in parents`);
  if (search) terms.push(`name contains ${driveLiteral(search)}`);
  const url = new URL(`${base(providerSettings.google_drive().apiBase)}/drive/v3/files`);
  url.search = new URLSearchParams({
    q: terms.join(' and '),
    fields: 'files(id,name,mimeType,size)',
    orderBy: 'folder,name',
    pageSize: String(PAGE),
    supportsAllDrives: 'true',
    includeItemsFromAllDrives: 'true',
  }).toString();
  const body = (await readJson('google_drive', url.toString(), { headers })) as {
    files?: Array<{ id: string; name: string; mimeType?: string; size?: string }>;
  };
  return (body.files ?? [])
    .filter((f) => f.mimeType === DRIVE_FOLDER || !f.mimeType?.startsWith('application/vnd.google-apps.'))
    .map((f) => ({ id: f.id, name: f.name, size: sizeOf(f.size), folder: f.mimeType === DRIVE_FOLDER }));
}

type DropboxMetadata = { '.tag': string; id: string; name: string; size?: number };

async function dropboxList(headers: Record<string, string>, folder?: string, search?: string) {
  const api = base(providerSettings.dropbox().apiBase);
  const entries: DropboxMetadata[] = search
    ? ((
        (await readJson('dropbox', `${api}/2/files/search_v2`, {
          headers,
          body: { query: search, options: { max_results: 100, ...(folder ? { path: folder } : {}) } },
        })) as { matches?: Array<{ metadata?: { metadata?: DropboxMetadata } }> }
      ).matches?.flatMap((m) => (m.metadata?.metadata ? [m.metadata.metadata] : [])) ?? [])
    : ((
        (await readJson('dropbox', `${api}/2/files/list_folder`, {
          headers,
          body: { path: folder ?? '', limit: PAGE },
        })) as { entries?: DropboxMetadata[] }
      ).entries ?? []);
  return entries
    .filter((e) => e['.tag'] === 'file' || e['.tag'] === 'folder')
    .map((e) => ({ id: e.id, name: e.name, size: sizeOf(e.size), folder: e['.tag'] === 'folder' }));
}

async function oneDriveList(headers: Record<string, string>, folder?: string, search?: string) {
  const drive = `${base(providerSettings.onedrive().apiBase)}/v1.0/me/drive`;
  const at = folder ? `items/${encodeURIComponent(folder)}` : 'root';
  const path = search ? `${at}/search(q='${encodeURIComponent(search.replace(/'/g, "''"))}')` : `${at}/children`;
  const url = `${drive}/${path}?$select=id,name,size,folder,file&$top=${PAGE}`;
  const body = (await readJson('onedrive', url, { headers })) as {
    value?: Array<{ id: string; name: string; size?: number; folder?: unknown; file?: unknown }>;
  };
  return (body.value ?? [])
    .filter((i) => i.folder || i.file)
    .map((i) => ({ id: i.id, name: i.name, size: i.folder ? null : sizeOf(i.size), folder: Boolean(i.folder) }));
}
