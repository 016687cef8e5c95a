import { AppError } from '@/lib/errors';
import { connectionAccessToken } from '@/lib/cloud/cloud-connections';
import { connectableOrThrow } from '@/lib/cloud/connect-cloud';
import { CLOUD_PROVIDER_NAMES, providerSettings } from '@/lib/cloud/providers';
import type { OAuthProvider } from '@/lib/domain/cloud-providers';
import { outboundRequest } from '@/lib/outbound/client';
import { readAnswer } from '@/lib/outbound/read-answer';

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
  const name = CLOUD_PROVIDER_NAMES[provider];
  const answer = await readAnswer(res, name, LISTING_BYTES);
  if (res.status === 404 || res.status === 409) throw new AppError('not_found', `${name} has no such folder`);
  if (res.status < 200 || res.status > 299) throw new AppError('bad_request', `${name} answered HTTP ${res.status}`);
  try {
    return JSON.parse(answer.toString('utf8')) as unknown;
  } catch {
    throw new AppError('bad_request', `${name} answered with something other than JSON`);
  }
}

/** A byte count as a provider writes it (Drive: a decimal string); anything else is unknown (null). */
function sizeOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const nonEmpty = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * One entry of a provider's listing, as the picker shows it, or null to leave it out: an entry
 * without an id or a name cannot be picked, and a size that is not a byte count is shown as
 * unknown. A provider's odd entry never costs the person the rest of the folder.
 */
function entryOf(raw: { id?: unknown; name?: unknown; size?: unknown }, folder: boolean): CloudEntry | null {
  const id = nonEmpty(raw.id);
  const name = nonEmpty(raw.name);
  if (!id || !name) return null;
  return { id, name, size: folder ? null : sizeOf(raw.size), folder };
}

/** The entries of a listing's array (anything else: none), each kept by `folderOf` (true, false, or null to leave out). */
function entriesOf(list: unknown, folderOf: (raw: Record<string, unknown>) => boolean | null): CloudEntry[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const folder = folderOf(raw as Record<string, unknown>);
    const entry = folder === null ? null : entryOf(raw, folder);
    return entry ? [entry] : [];
  });
}

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
  const body = (await readJson('google_drive', url.toString(), { headers })) as { files?: unknown } | null;
  // Drive's own documents (Docs, Sheets…) have no bytes to download: they are left out.
  return entriesOf(body?.files, ({ mimeType }) =>
    mimeType === DRIVE_FOLDER
      ? true
      : typeof mimeType === 'string' && mimeType.startsWith('application/vnd.google-apps.')
        ? null
        : false,
  );
}

const dropboxKind = (raw: Record<string, unknown>) =>
  raw['.tag'] === 'folder' ? true : raw['.tag'] === 'file' ? false : null;

async function dropboxList(headers: Record<string, string>, folder?: string, search?: string) {
  const api = base(providerSettings.dropbox().apiBase);
  if (!search) {
    const body = (await readJson('dropbox', `${api}/2/files/list_folder`, {
      headers,
      body: { path: folder ?? '', limit: PAGE },
    })) as { entries?: unknown } | null;
    return entriesOf(body?.entries, dropboxKind);
  }
  const body = (await readJson('dropbox', `${api}/2/files/search_v2`, {
    headers,
    body: { query: search, options: { max_results: 100, ...(folder ? { path: folder } : {}) } },
  })) as { matches?: unknown } | null;
  // Each match wraps its entry: { metadata: { '.tag': 'metadata', metadata: entry } }.
  const matches = Array.isArray(body?.matches) ? (body.matches as unknown[]) : [];
  return entriesOf(
    matches.map((m) => (m as { metadata?: { metadata?: unknown } } | null)?.metadata?.metadata),
    dropboxKind,
  );
}

async function oneDriveList(headers: Record<string, string>, folder?: string, search?: string) {
  const drive = `${base(providerSettings.onedrive().apiBase)}/v1.0/me/drive`;
  const at = folder ? `items/${encodeURIComponent(folder)}` : 'root';
  const path = search ? `${at}/search(q='${encodeURIComponent(search.replace(/'/g, "''"))}')` : `${at}/children`;
  const url = `${drive}/${path}?$select=id,name,size,folder,file&$top=${PAGE}`;
  const body = (await readJson('onedrive', url, { headers })) as { value?: unknown } | null;
  return entriesOf(body?.value, (i) => (i.folder ? true : i.file ? false : null));
}
