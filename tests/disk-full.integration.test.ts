import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeBytes, isRoot, mountTmpfs, NOT_ROOT_REASON } from '@/tests/support/tmpfs';
import { TUS_RESUMABLE, tusMetadata, tusPatchHeaders } from '@/tests/support/tus-wire';

// The service with DATA_DIR on a small filesystem of its own that fills up, as an operator's disk
// does: stored files on one tmpfs, the engines' job folders on another. The upload routes run in
// their own process (tests/support/upload-server-process.ts), reading bodies from the Node request
// as behind scripts/server.ts.

const MB = 1024 * 1024;
const FILES_MB = 40;
const JOBS_MB = 24;
let root: string;
let dataDir: string;
const unmounts: Array<() => Promise<void>> = [];
let server: ChildProcess;
let url: string;

const filesDir = () => path.join(dataDir, 'files');
const jobsDir = () => path.join(dataDir, 'jobs');

/** Writes a filler file under `dir` that leaves about `leave` bytes free there. */
async function fillLeaving(dir: string, leave: number): Promise<string> {
  const file = path.join(dir, `filler-${randomBytes(4).toString('hex')}`);
  await writeFile(file, Buffer.alloc(Math.max(0, (await freeBytes(dir)) - leave), 1));
  return file;
}

/** Every regular file under `dir`, with its allocated bytes. */
async function filesUnder(dir: string): Promise<Array<{ file: string; allocated: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ file, allocated: (await stat(file)).blocks * 512 })));
}

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
/** The guest cookie a first request was given, so the next ones act as the same guest. */
const guestCookie = (res: Response) => ({ cookie: res.headers.getSetCookie()[0].split(';')[0] });

beforeAll(async () => {
  if (!isRoot) return;
  root = await mkdtemp(path.join(os.tmpdir(), 'disk-full-'));
  dataDir = path.join(root, 'data');
  unmounts.push(await mountTmpfs(dataDir, FILES_MB));
  unmounts.unshift(await mountTmpfs(jobsDir(), JOBS_MB)); // unmounted first: it sits inside the other
  await mkdir(filesDir());
  // Node itself with tsx's loader, not the tsx command: that runs the server as a child of its own,
  // which a SIGKILL of the command leaves running (holding the test run open).
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/support/upload-server-process.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PLAN_FREE_RATE_PER_MINUTE: '1000',
      STORAGE_WARN_FREE_MB: '20',
      STORAGE_MIN_FREE_MB: '8',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).on(
      'line',
      (line) => line.startsWith('READY ') && resolve(line.slice(6)),
    );
    server.on('exit', (code) => reject(new Error(`upload server exited (${code})`)));
  });
});

afterAll(async () => {
  if (!isRoot) return;
  if (server && server.exitCode === null) server.kill('SIGKILL');
  for (const unmount of unmounts) await unmount();
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(!isRoot)(isRoot ? 'a full disk' : `a full disk (skipped: ${NOT_ROOT_REASON})`, () => {
  it('a direct upload larger than the free space answers 507, keeps nothing, and the server goes on', async () => {
    const form = new FormData();
    form.set('file', new Blob([randomBytes(FILES_MB * MB + 4 * MB)]), 'big.bin');
    form.set('target_format', 'webp');
    const res = await fetch(`${url}/api/v1/convert/upload`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    expect(await json(res)).toEqual({
      status: 507,
      body: { error: expect.stringMatching(/out of storage space/), code: 'insufficient_storage' },
    });
    expect(await filesUnder(filesDir())).toEqual([]);
    expect(await freeBytes(filesDir())).toBeGreaterThan((FILES_MB - 1) * MB);

    // Still answering: health, and an upload that fits (refused for its format, not for space).
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    const small = new FormData();
    small.set('file', new Blob([randomBytes(1000)]), 'noise.bin');
    small.set('target_format', 'webp');
    expect(await json(await fetch(`${url}/api/v1/convert/upload`, { method: 'POST', body: small }))).toMatchObject({
      status: 400,
      body: { code: 'unsupported_format' },
    });
  }, 60_000);

  it('a part PUT that meets a full disk answers 507 and frees what it wrote; the upload keeps its parts', async () => {
    const filler = await fillLeaving(filesDir(), 20 * MB);
    try {
      const opened = await fetch(`${url}/api/v1/uploads/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file_name: 'big.png', file_size: 30 * MB, target_format: 'webp' }),
      });
      const guest = guestCookie(opened);
      const init = await json(opened);
      expect(init.status).toBe(200);
      const { token, part_size: partSize } = init.body as { token: string; part_size: number };
      const put = (n: number) =>
        fetch(`${url}/api/v1/uploads/${token}/parts/${n}`, {
          method: 'PUT',
          headers: { ...guest, 'content-type': 'application/octet-stream' },
          body: randomBytes(partSize),
        });
      expect((await put(1)).status).toBe(200);
      expect((await put(2)).status).toBe(200);
      expect(await json(await put(3))).toEqual({
        status: 507,
        body: { error: expect.stringMatching(/out of storage space/), code: 'insufficient_storage' },
      });
      // Only the two stored parts hold space: the third's bytes were freed.
      const [multipart, ...others] = (await filesUnder(filesDir())).filter((f) => f.file !== filler);
      expect(others).toEqual([]);
      expect(multipart.allocated).toBe(2 * partSize);
      expect(await json(await fetch(`${url}/api/v1/uploads/${token}`, { headers: guest }))).toMatchObject({
        status: 200,
        body: { parts: [1, 2] },
      });
      expect((await fetch(`${url}/api/v1/uploads/${token}`, { method: 'DELETE', headers: guest })).status).toBe(200);
    } finally {
      await rm(filler);
    }
  }, 60_000);

  it('a tus PATCH that meets a full disk answers 507 and keeps none of its bytes; the upload resumes from there', async () => {
    const filler = await fillLeaving(filesDir(), 12 * MB);
    let tus: Record<string, string> = TUS_RESUMABLE;
    try {
      const metadata = tusMetadata({ filename: 'big.png', target_format: 'webp' });
      const created = await fetch(`${url}/api/v1/tus`, {
        method: 'POST',
        headers: { ...tus, 'Upload-Length': String(30 * MB), 'Upload-Metadata': metadata },
      });
      expect(created.status).toBe(201);
      tus = { ...tus, ...guestCookie(created) };
      const upload = new URL(created.headers.get('location')!, `${url}/api/v1/tus`).href;
      const patch = (offset: number, bytes: number) =>
        fetch(upload, {
          method: 'PATCH',
          headers: { ...tus, ...tusPatchHeaders(offset) },
          body: randomBytes(bytes),
        });
      expect((await patch(0, 4 * MB)).status).toBe(204);
      expect(await json(await patch(4 * MB, 26 * MB))).toEqual({
        status: 507,
        body: { error: expect.stringMatching(/out of storage space/), code: 'insufficient_storage' },
      });
      const head = await fetch(upload, { method: 'HEAD', headers: tus });
      expect(head.headers.get('upload-offset')).toBe(String(4 * MB));
      const stored = (await filesUnder(filesDir())).filter((f) => f.file !== filler && !f.file.endsWith('.json'));
      expect(stored.map((f) => f.allocated)).toEqual([4 * MB]);
      expect((await fetch(upload, { method: 'DELETE', headers: tus })).status).toBe(204);
    } finally {
      await rm(filler);
    }
  }, 60_000);

  it('health warns of low space first, answers 503 under the minimum, and counts the job folders', async () => {
    // The storage check and its warning lines (other checks may add their own).
    const health = async () => {
      const { status, body } = await json(await fetch(`${url}/api/v1/health`));
      const warnings = (body.warnings as string[]).filter((w) => w.startsWith('Storage space'));
      return { status, storage: body.checks.storage, warnings };
    };
    expect(await health()).toEqual({ status: 200, storage: 'ok', warnings: [] });

    const low = await fillLeaving(jobsDir(), 14 * MB);
    expect(await health()).toEqual({
      status: 200,
      storage: 'ok',
      warnings: [expect.stringMatching(/^Storage space low: 1[34] MB free for job folders/)],
    });

    const critical = await fillLeaving(jobsDir(), 4 * MB);
    expect(await health()).toEqual({
      status: 503,
      storage: 'error',
      warnings: [expect.stringMatching(/^Storage space critical: [34] MB free for job folders/)],
    });

    await rm(low);
    await rm(critical);
    const files = await fillLeaving(filesDir(), 4 * MB);
    expect(await health()).toEqual({
      status: 503,
      storage: 'error',
      warnings: [expect.stringMatching(/^Storage space critical: [34] MB free for stored files/)],
    });
    await rm(files);
    expect(await health()).toEqual({ status: 200, storage: 'ok', warnings: [] });
  });

  it('the server still stops at once on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const started = Date.now();
    await exited;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
