import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as apiKeys from '@/app/api/v1/api-keys/route';
import { runWorker } from '@/lib/processes/run-worker';
import { signedUpUser } from '@/tests/support/accounts';
import { makePng } from '@/tests/support/fixtures';
import { emptyConversionQueue } from '@/tests/support/job-queue';
import { jsonBody } from '@/tests/support/route-client';
import { startRouteServer } from '@/tests/support/route-server';
import { apiRoutes } from './api-routes';

// A large upload cut off by the CLI being killed, then the same command run again: it resumes from
// the bytes the server has (no new upload, its first PATCH past the first part) and converts.
// Between the CLI and the server, a recording proxy on loopback notes each request.

const CLI = path.resolve(__dirname, '../src/cli.ts');
const MiB = 1024 * 1024;

let server: Awaited<ReturnType<typeof startRouteServer>>;
let stopWorker: () => Promise<void>;
let proxy: Server;
let proxyUrl: string;
let work: string;
let apiKey: string;

type Seen = { method: string; path: string; offset?: string; status?: number };
let seen: Seen[] = [];
/** Called when a PATCH after the first one begins: the test kills the CLI there. */
let onSecondPatch: (() => void) | undefined;

function startProxy(target: string): Promise<void> {
  proxy = createServer((req, res) => {
    const entry: Seen = {
      method: req.method ?? '',
      path: req.url ?? '',
      offset: req.headers['upload-offset'] as string,
    };
    seen.push(entry);
    if (req.method === 'PATCH' && seen.filter((s) => s.method === 'PATCH').length === 2) onSecondPatch?.();
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (up) => {
        entry.status = up.statusCode;
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function transmute(args: string[], killOnSecondPatch = false): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        ...process.env,
        TRANSMUTE_URL: proxyUrl,
        TRANSMUTE_API_KEY: apiKey,
        XDG_CONFIG_HOME: path.join(work, 'config'),
      },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    onSecondPatch = killOnSecondPatch ? () => child.kill('SIGKILL') : undefined;
    child.on('exit', (code) => resolve({ code, stdout }));
  });
}

beforeAll(async () => {
  await emptyConversionQueue();
  server = await startRouteServer(apiRoutes, { nodeBodies: true });
  await startProxy(server.url);
  stopWorker = await runWorker();
  work = await mkdtemp(path.join(tmpdir(), 'transmute-cli-resume-'));
  const owner = await signedUpUser('pro');
  const created = await owner.client.call(apiKeys.POST, {
    method: 'POST',
    path: '/api/v1/api-keys',
    ...jsonBody({ name: 'cli' }),
  });
  apiKey = (await created.json()).secret;
});
afterAll(async () => {
  await stopWorker?.();
  proxy?.close();
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

describe('transmute convert, killed mid-upload and run again', () => {
  it('resumes the upload from what the server has and converts it', async () => {
    // A PNG followed by random bytes: three tus parts of 8 MiB.
    const file = path.join(work, 'large.png');
    await writeFile(file, Buffer.concat([await makePng(), randomBytes(20 * MiB)]));
    const args = ['convert', file, '--to', 'webp', '--out', path.join(work, 'out'), '--resumable-above', '1024'];

    const killed = await transmute(args, true);
    expect(killed.code).toBeNull(); // killed, not finished
    const firstRun = seen;
    expect(firstRun.filter((s) => s.method === 'POST' && s.path === '/api/v1/tus')).toHaveLength(1);
    expect(firstRun.find((s) => s.method === 'PATCH')?.status).toBe(204);

    seen = [];
    const again = await transmute(args);
    expect(again.code, again.stdout).toBe(0);
    // No new upload: the stored one is asked where it stands, and the next PATCH goes on from there.
    expect(seen.filter((s) => s.method === 'POST' && s.path === '/api/v1/tus')).toHaveLength(0);
    const firstPatch = seen.find((s) => s.method === 'PATCH');
    expect(Number(firstPatch?.offset)).toBeGreaterThanOrEqual(8 * MiB);
    const result = await readFile(path.join(work, 'out', 'large.webp'));
    expect(result.subarray(8, 12).toString()).toBe('WEBP');
  });
});
