// S3 for the integration tests: s3rver, with the two multipart calls it lacks answered in front of it
// at the HTTP boundary. ListParts is how @tus/s3-store learns an upload's offset on every HEAD and
// PATCH, and AbortMultipartUpload is how an abandoned or expired upload drops its parts; s3rver
// answers both with 405. The front reads s3rver's own upload folders and forwards everything else.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StoreView } from '@/tests/support/store-view';

export type FakeS3 = StoreView & {
  endpoint: string;
  bucket: string;
  /** The keys of the objects stored under `prefix`. */
  keys(prefix: string): Promise<string[]>;
  /** The endpoint becomes unreachable: new connections are refused and open ones are cut. */
  cut(): Promise<void>;
  /** The endpoint answers again, at the same address. */
  open(): Promise<void>;
  close(): Promise<void>;
};

/** s3rver's file of each stored object: `<key>._S3rver_object` under the bucket's folder. */
const OBJECT_SUFFIX = '._S3rver_object';

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

function noSuchUpload(res: http.ServerResponse, uploadId: string) {
  res.writeHead(404, { 'content-type': 'application/xml' });
  res.end(
    xml(
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
    ),
  );
}

/** Starts s3rver with `bucket`, the front before it, and points lib/config's S3 variables at the front. */
export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `s3rver-${bucket}-`));
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: backPort } = (await s3rver.run()) as { port: number };
  // s3rver's folder for the parts of one multipart upload (its FilesystemStore layout).
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  const uploadDir = (uploadId: string) => path.join(uploadsDir, path.basename(uploadId));

  async function openParts(uploadId: string): Promise<number[] | null> {
    const names = await readdir(uploadDir(uploadId)).catch(() => null);
    if (!names) return null;
    return names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
  }

  async function listParts(res: http.ServerResponse, key: string, uploadId: string) {
    const numbers = await openParts(uploadId);
    if (!numbers) return noSuchUpload(res, uploadId);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(uploadDir(uploadId), String(n));
        const [{ size, mtime }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      xml(
        `<ListPartsResult ${NS}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
          `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
          `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      ),
    );
  }

  async function abort(res: http.ServerResponse, uploadId: string) {
    if (!(await openParts(uploadId))) return noSuchUpload(res, uploadId);
    await rm(uploadDir(uploadId), { recursive: true, force: true });
    res.writeHead(204).end();
  }

  const agent = new http.Agent({ keepAlive: true });
  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front');
    const uploadId = url.searchParams.get('uploadId');
    const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
    if (uploadId && req.method === 'GET') return void listParts(res, key, uploadId).catch((e) => res.destroy(e));
    if (uploadId && req.method === 'DELETE') return void abort(res, uploadId).catch((e) => res.destroy(e));
    // The Host header is forwarded unchanged: the request's signature covers it.
    const back = http.request({
      port: backPort,
      host: '127.0.0.1',
      method: req.method,
      path: req.url,
      headers: req.headers,
    });
    back.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    back.on('error', (e) => res.destroy(e));
    // A request the app gave up on (a part cut short) must end at s3rver too, or it waits for the
    // bytes forever and holds its server open.
    res.on('close', () => back.destroy());
    req.pipe(back);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const frontPort = (front.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${frontPort}`;

  Object.assign(process.env, {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });

  return {
    driver: 's3',
    endpoint,
    bucket,
    async has(key) {
      const dirs = key.split('/');
      const object = path.join(directory, bucket, ...dirs.slice(0, -1), `${dirs.at(-1)}${OBJECT_SUFFIX}`);
      return stat(object).then(
        () => true,
        () => false,
      );
    },
    async multipartOpen(key) {
      const ids = await readdir(uploadsDir).catch(() => [] as string[]);
      const keys = await Promise.all(
        ids.map((id) => readFile(path.join(uploadDir(id), 'key'), 'utf8').catch(() => '')),
      );
      return keys.includes(key);
    },
    async keys(prefix) {
      const files = await readdir(path.join(directory, bucket), { recursive: true }).catch(() => [] as string[]);
      return files
        .filter((f) => f.endsWith(OBJECT_SUFFIX))
        .map((f) => f.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix));
    },
    async cut() {
      const closed = new Promise((resolve) => front.close(resolve));
      front.closeAllConnections();
      await closed;
    },
    async open() {
      await new Promise<void>((resolve) => front.listen(frontPort, '127.0.0.1', resolve));
    },
    async close() {
      front.closeAllConnections();
      if (front.listening) await new Promise((resolve) => front.close(resolve));
      agent.destroy();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
