import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { type Readable, Transform } from 'node:stream';
import { AppError } from '@/lib/errors';
import { CLOUD_PROVIDER_NAMES, providerSettings } from '@/lib/cloud/providers';
import type { CloudProvider } from '@/lib/domain/cloud-providers';
import { providerRequest } from '@/lib/cloud/provider-requests';
import { cleanFileName } from '@/lib/conversions/file-names';
import { outboundRequest } from '@/lib/outbound/client';
import { nameFromContentDisposition } from '@/lib/url-import/source-name';
import { s3ClientOptions } from '@/lib/storage/s3';

export type CloudFile = { body: Readable; fileName: string };

const TIMEOUT_MS = 5 * 60_000;
const METADATA_BYTES = 64 * 1024;

/** Opens the provider's file as a stream, cut off with 413 past `maxBytes` (null = no limit). */
export async function fetchCloudFile(
  provider: CloudProvider,
  fileId: string,
  accessToken: string | undefined,
  maxBytes: number | null,
): Promise<CloudFile> {
  if (provider === 's3') return fetchS3Object(fileId, maxBytes);
  const req = providerRequest(provider, fileId, accessToken);
  const fallbackName = cleanFileName(fileId.split(/[/?#]/).filter(Boolean).pop());
  let name: string | null = null;
  if (req.metadataUrl) name = await readMetadataName(req.metadataUrl, req.headers);
  const res = await outboundRequest(req.url, {
    method: req.method,
    headers: req.headers,
    maxBytes,
    totalTimeoutMs: TIMEOUT_MS,
  });
  if (res.status < 200 || res.status > 299) {
    res.body.destroy();
    throw new AppError(
      res.status === 404 ? 'not_found' : 'bad_request',
      `${CLOUD_PROVIDER_NAMES[provider]} answered HTTP ${res.status}`,
    );
  }
  name ??=
    dropboxName(res.headers['dropbox-api-result']) ??
    nameFromContentDisposition(res.headers['content-disposition'] as string | undefined);
  return { body: res.body, fileName: cleanFileName(name ?? fallbackName) };
}

async function readMetadataName(url: string, headers: Record<string, string>): Promise<string | null> {
  const res = await outboundRequest(url, { headers, maxBytes: METADATA_BYTES, totalTimeoutMs: 30_000 });
  const chunks: Buffer[] = [];
  for await (const c of res.body) chunks.push(c as Buffer);
  if (res.status < 200 || res.status > 299) return null;
  try {
    const name = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

function dropboxName(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  try {
    const name = (JSON.parse(header) as { name?: unknown }).name;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

async function fetchS3Object(key: string, maxBytes: number | null): Promise<CloudFile> {
  const s = providerSettings.s3();
  const client = new S3Client(s3ClientOptions(s));
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
    const body = out.Body as Readable;
    if (maxBytes !== null && (out.ContentLength ?? 0) > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes);
    }
    return { body: body.pipe(byteLimit(maxBytes, body)), fileName: cleanFileName(key.split('/').pop()) };
  } catch (e) {
    if (e instanceof NoSuchKey) throw new AppError('not_found', 'No such object in the bucket');
    throw e;
  }
}

const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than the plan's limit of ${maxBytes} bytes`);

/** Counts bytes as they stream (not trusting the declared length); past the limit fails with 413. */
function byteLimit(maxBytes: number | null, source: Readable): Transform {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (maxBytes !== null && seen > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  source.on('error', (e) => counter.destroy(e));
  counter.once('close', () => source.destroy());
  counter.on('error', () => {}); // a later reader still sees it (see lib/outbound/client.ts)
  return counter;
}
