import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '@/lib/config';
import { db } from '@/lib/db';
import { PART_SIZE_BYTES } from '@/lib/domain/upload-rules';
import { signedUpUser } from '@/tests/support/accounts';
import { makePng } from '@/tests/support/fixtures';
import { lockTaken, releaseRequests } from '@/tests/support/tus-lock';
import { createTusUpload, TUS_RESUMABLE, tusPatchHeaders } from '@/tests/support/tus-wire';

// Two web processes (tests/support/upload-server-process.ts) on one database and one STORAGE_DIR,
// each with its own DATA_DIR, as two machines behind a load balancer with a shared volume: any
// request of an upload may land on either, and the stored bytes are exactly the client's.

let root: string;
let storageDir: string;
const servers: ChildProcess[] = [];
const urls: string[] = [];

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function pngFile(size: number) {
  const png = await makePng();
  return Buffer.concat([png, randomBytes(size - png.length)]);
}

function startWebProcess(name: string): Promise<string> {
  // Node itself with tsx's loader, not the tsx command: that runs the server as a child of its own,
  // which a SIGKILL of the command leaves running (holding the test run open).
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/support/upload-server-process.ts'], {
    env: {
      ...process.env,
      DATA_DIR: path.join(root, name),
      STORAGE_DIR: storageDir,
      // What the README asks of every process of one service: the same secret.
      APP_SECRET: config.appSecret,
      PLAN_FREE_RATE_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(server);
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).on(
      'line',
      (line) => line.startsWith('READY ') && resolve(line.slice(6)),
    );
    server.on('exit', (code) => reject(new Error(`web process ${name} exited (${code})`)));
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'many-web-'));
  storageDir = path.join(root, 'storage');
  urls.push(...(await Promise.all([startWebProcess('a'), startWebProcess('b')])));
});

afterAll(async () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/**
 * A PATCH whose headers go out at once and whose body waits for `send`, so a test can have two
 * requests past tus's offset check before either writes a byte.
 */
function heldPatch(base: string, token: string, headers: Record<string, string>, body: Buffer) {
  const req = httpRequest(`${base}/api/v1/tus/${token}`, {
    method: 'PATCH',
    headers: {
      ...TUS_RESUMABLE,
      ...headers,
      ...tusPatchHeaders(0),
      'Content-Length': String(body.length),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', () => resolve({ status: res.statusCode!, body: text }));
    });
    // The server may close a refused request's connection before the body is all sent.
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
  req.flushHeaders();
  return { answered, send: () => req.end(body), write: (chunk: Buffer) => req.write(chunk) };
}

describe('two web processes on one database and one STORAGE_DIR', () => {
  it('a tus upload whose PATCHes alternate between the processes completes with the exact bytes', async () => {
    const { tokens } = await signedUpUser('pro');
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const file = await pngFile(3 * 1024 * 1024 + 123);
    const token = await createTusUpload(urls[0], auth, file.length);

    const chunk = 1024 * 1024;
    let last: Response | undefined;
    for (let offset = 0, i = 0; offset < file.length; offset += chunk, i++) {
      const base = urls[(i + 1) % 2]; // the first PATCH goes to the process that did not create it
      const head = await fetch(`${base}/api/v1/tus/${token}`, {
        method: 'HEAD',
        headers: { ...TUS_RESUMABLE, ...auth },
      });
      expect(Number(head.headers.get('upload-offset'))).toBe(offset);
      last = await fetch(`${base}/api/v1/tus/${token}`, {
        method: 'PATCH',
        headers: {
          ...TUS_RESUMABLE,
          ...auth,
          ...tusPatchHeaders(offset),
        },
        body: file.subarray(offset, offset + chunk),
      });
      expect(last.status).toBe(204);
    }
    const conversionId = last!.headers.get('x-conversion-id');
    expect(conversionId).toMatch(/^\d+$/);
    const conversion = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(conversionId!) } });
    expect(sha256(await readFile(path.join(storageDir, conversion.inputKey)))).toBe(sha256(file));
  });

  it('two concurrent PATCHes of one upload through the two processes: one writes, the other is refused', async () => {
    const { tokens } = await signedUpUser('pro');
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const size = 2 * 1024 * 1024;
    const [first, second] = await Promise.all([pngFile(size), pngFile(size)]);
    const token = await createTusUpload(urls[0], auth, size);

    // Both requests are in before either body arrives: without a shared lock both pass the offset
    // check and write over each other.
    const viaA = heldPatch(urls[0], token, auth, first);
    await lockTaken(token);
    const release = await releaseRequests(token);
    const viaB = heldPatch(urls[1], token, auth, second);
    await release.asked; // B found the upload locked by A: it is in, waiting
    await release.stop();
    viaA.send();
    viaB.send();
    const answers = await Promise.all([viaA.answered, viaB.answered]);

    const written = answers.filter((a) => a.status === 204);
    expect(written).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 204)!;
    // The offset moved under it, or the lock stayed taken past the wait: 409 either way.
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({ error: expect.any(String), code: expect.any(String) });

    const winner = answers[0].status === 204 ? first : second;
    const upload = await db.upload.findUniqueOrThrow({ where: { token } });
    expect(upload.conversionId).not.toBeNull();
    const conversion = await db.conversion.findUniqueOrThrow({ where: { id: upload.conversionId! } });
    expect(sha256(await readFile(path.join(storageDir, conversion.inputKey)))).toBe(sha256(winner));
  });

  it('a PATCH whose client stalls is asked to let go by a request on the other process, which then resumes', async () => {
    const { tokens } = await signedUpUser('pro');
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const file = await pngFile(1024 * 1024);
    const token = await createTusUpload(urls[0], auth, file.length);

    // A client that sent part of its body and went quiet, as a half-open connection does.
    const stalled = heldPatch(urls[0], token, auth, file);
    stalled.write(file.subarray(0, 256 * 1024));
    await lockTaken(token);

    // The other process's HEAD finds the upload locked, asks the holder to release it (tus's
    // request-release), and gets it once the stalled request is cut off: not a 409 at the wait's end.
    const head = await fetch(`${urls[1]}/api/v1/tus/${token}`, {
      method: 'HEAD',
      headers: { ...TUS_RESUMABLE, ...auth },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    const rest = await fetch(`${urls[1]}/api/v1/tus/${token}`, {
      method: 'PATCH',
      headers: {
        ...TUS_RESUMABLE,
        ...auth,
        ...tusPatchHeaders(offset),
      },
      body: file.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const conversion = await db.conversion.findUniqueOrThrow({
      where: { id: BigInt(rest.headers.get('x-conversion-id')!) },
    });
    expect(sha256(await readFile(path.join(storageDir, conversion.inputKey)))).toBe(sha256(file));
    await stalled.answered;
  });

  it('a parts upload whose parts and completion go to different processes completes', async () => {
    const { tokens } = await signedUpUser('pro');
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const file = await pngFile(PART_SIZE_BYTES * 2 + 1000);
    const init = await fetch(`${urls[0]}/api/v1/uploads/init`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ file_name: 'photo.png', file_size: file.length, target_format: 'webp' }),
    });
    expect(init.status).toBe(200);
    const { token, part_size: partSize } = (await init.json()) as { token: string; part_size: number };
    for (const n of [1, 2, 3]) {
      const put = await fetch(`${urls[n % 2]}/api/v1/uploads/${token}/parts/${n}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body: file.subarray((n - 1) * partSize, n * partSize),
      });
      expect(put.status).toBe(200);
    }
    const complete = await fetch(`${urls[0]}/api/v1/uploads/${token}/complete`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(complete.status).toBe(201);
    const { id } = (await complete.json()) as { id: string };
    const conversion = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(sha256(await readFile(path.join(storageDir, conversion.inputKey)))).toBe(sha256(file));
  });
});
