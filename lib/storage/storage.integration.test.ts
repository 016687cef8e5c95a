import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandboxed } from '@/lib/engines/sandbox/sandbox';
import { newStorageKey } from '@/lib/storage/keys';
import { localDiskStorage } from '@/lib/storage/local-disk';
import { s3Storage } from '@/lib/storage/s3';
import type { Storage } from '@/lib/storage/types';
import { waitFor } from '@/tests/support/wait-for';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

/** A stream of `size` bytes made chunk by chunk, never held whole. */
const bytes = (size: number, fill = 7) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += 1 << 20) yield Buffer.alloc(Math.min(1 << 20, size - sent), fill);
    })(),
  );

let s3server: S3rver;
let s3dir: string;
let localDir: string;
const drivers: Array<[string, () => Storage]> = [];

beforeAll(async () => {
  s3dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  localDir = await mkdtemp(path.join(os.tmpdir(), 'local-store-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3dir,
    silent: true,
    configureBuckets: [{ name: 'transmute-test', configs: [] }],
  });
  const { port } = (await s3server.run()) as { port: number };
  const s3 = s3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'transmute-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  const local = localDiskStorage(localDir);
  drivers.push(['s3', () => s3], ['local', () => local]);
});

afterAll(async () => {
  await s3server?.close();
  await rm(s3dir, { recursive: true, force: true });
  await rm(localDir, { recursive: true, force: true });
});

describe('local storage driver', () => {
  it('puts an input in a job folder as a read-only link to the stored file, which no engine can write through', async () => {
    const store = drivers.find(([n]) => n === 'local')![1]();
    const key = newStorageKey('inputs');
    await store.put(key, bytes(3000, 9));
    const jobDir = await mkdtemp(path.join(localDir, 'job-')); // the store's filesystem, as the jobs folder is
    try {
      await store.getToFile(key, path.join(jobDir, 'input.bin'));
      const [stored, named] = [statSync(path.join(localDir, key)), statSync(path.join(jobDir, 'input.bin'))];
      expect([named.ino, named.nlink, named.mode & 0o777]).toEqual([stored.ino, 2, 0o444]);
      // An engine that writes its input, in the sandbox every engine runs in.
      const said: string[] = [];
      const write =
        '(echo damaged > input.bin) 2>/dev/null && echo written || echo refused; head -c 1 input.bin | od -An -tu1';
      await runSandboxed({
        command: 'sh',
        args: ['-c', write],
        workDir: jobDir,
        timeoutMs: 20_000,
        onStdoutLine: (l) => said.push(l.trim()),
      });
      expect(said).toEqual(['refused', '9']);
      expect(await text(await store.get(key))).toEqual(Buffer.alloc(3000, 9));
    } finally {
      await rm(jobDir, { recursive: true, force: true });
      await store.delete(key);
    }
  });
});

describe.each(['s3', 'local'])('%s storage driver', (name) => {
  const store = () => drivers.find(([n]) => n === name)![1]();

  it('streams a multi-part object in and out, reports its size and deletes it', async () => {
    const key = newStorageKey('inputs');
    const size = 20 * 1024 * 1024 + 123; // over two 8 MiB S3 parts
    expect((await store().put(key, bytes(size))).size).toBe(size);
    expect(await store().size(key)).toBe(size);
    const back = await text(await store().get(key));
    expect(back.length).toBe(size);
    expect(back[size - 1]).toBe(7);
    // Copied to a local file too: past the size a local disk copies at once, so by the thread pool.
    const work = await mkdtemp(path.join(os.tmpdir(), 'storage-files-'));
    try {
      await store().getToFile(key, path.join(work, 'in.bin'));
      const copy = await readFile(path.join(work, 'in.bin'));
      expect([copy.length, copy[size - 1]]).toEqual([size, 7]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await store().delete(key);
    expect(await store().size(key)).toBeNull();
    await store().delete(key); // deleting twice is fine
  });

  it('putFile takes a local file over and getToFile writes the object to a new local file', async () => {
    const key = newStorageKey('results');
    const work = await mkdtemp(path.join(os.tmpdir(), 'storage-files-'));
    try {
      const source = path.join(work, 'out.bin');
      await writeFile(source, Buffer.alloc(300_000, 5));
      expect((await store().putFile(key, source)).size).toBe(300_000);
      expect(existsSync(source)).toBe(false);
      const copy = path.join(work, 'in.bin');
      await store().getToFile(key, copy);
      expect(await readFile(copy)).toEqual(Buffer.alloc(300_000, 5));
      await expect(store().getToFile(key, copy)).rejects.toThrow(); // never overwrites
      expect((await text(await store().get(key))).length).toBe(300_000); // the object is still there
      await store().delete(key);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('a failed put leaves nothing behind', async () => {
    const key = newStorageKey('inputs');
    const failing = new Readable({ read() {} });
    failing.on('error', () => {}); // put reports it; this keeps it from also going unhandled
    failing.push(Buffer.alloc(1024));
    const put = store().put(key, failing);
    // The client goes away once put has begun reading the body.
    await waitFor(
      () => failing.readableFlowing,
      (flowing) => flowing !== null,
      { timeoutMs: 10_000, intervalMs: 5 },
    );
    failing.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow();
    expect(await store().size(key)).toBeNull();
  });

  it('refuses keys that are not generated ones', async () => {
    await expect(store().put('../../etc/passwd', bytes(1))).rejects.toThrow(/Invalid storage key/);
    await expect(store().get('inputs/../../x')).rejects.toThrow(/Invalid storage key/);
  });

  it('presigned URLs carry a signature and the download name', async () => {
    const key = newStorageKey('results');
    await store().put(key, Readable.from([Buffer.from('hello')]));
    const url = await store().presignedUrl(key, {
      expiresInSeconds: 60,
      fileName: 'résumé.pdf',
      contentType: 'application/pdf',
      baseUrl: 'http://localhost:3000',
    });
    if (name === 's3') {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('hello');
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''r%C3%A9sum%C3%A9.pdf");
    } else {
      expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/files\/[\w-]+\.[\w-]+$/);
    }
  });

  it('multipart: parts in any order and a replaced part assemble into one object', async () => {
    const key = newStorageKey('inputs');
    const partSize = 5 * 1024 * 1024; // S3's minimum for every part but the last
    const sizes = [partSize, partSize, 1234];
    const handle = await store().createMultipart(key, partSize * 2 + 1234);
    const etags: string[] = [];
    for (const n of [3, 1, 2, 1]) {
      const part = { number: n, offset: (n - 1) * partSize, size: sizes[n - 1] };
      etags[n - 1] = (await store().putPart(key, handle, part, bytes(part.size, n))).etag;
    }
    expect(await store().size(key)).toBeNull(); // not readable before completion
    await store().completeMultipart(
      key,
      handle,
      etags.map((etag, i) => ({ number: i + 1, etag })),
    );
    const back = await text(await store().get(key));
    expect(back.length).toBe(partSize * 2 + 1234);
    expect([back[0], back[partSize - 1], back[partSize], back[2 * partSize], back.at(-1)]).toEqual([1, 1, 2, 3, 3]);
    await store().delete(key);
  });

  it('multipart: abort drops the parts, and aborting twice is fine', async () => {
    const key = newStorageKey('inputs');
    const handle = await store().createMultipart(key, 10);
    await store().putPart(key, handle, { number: 1, offset: 0, size: 10 }, bytes(10));
    await store().abortMultipart(key, handle);
    await store().abortMultipart(key, handle);
    expect(await store().size(key)).toBeNull();
  });

  it('check() passes when the store is reachable', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });
});

describe('local disk: interrupted puts', () => {
  it('sweepIncomplete deletes .part files untouched for the given age, and nothing else', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'local-sweep-'));
    try {
      const store = localDiskStorage(root);
      const kept = newStorageKey('results');
      await store.put(kept, bytes(10));
      await mkdir(path.join(root, 'inputs'), { recursive: true });
      const stale = path.join(root, 'inputs', 'abandoned.x1.part');
      const live = path.join(root, 'results', 'uploading.x2.part');
      await writeFile(stale, 'half');
      await writeFile(live, 'half');
      const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000);
      await utimes(stale, elevenMinutesAgo, elevenMinutesAgo);

      expect(await store.sweepIncomplete(10 * 60 * 1000)).toBe(1);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(await store.size(kept)).toBe(10);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
