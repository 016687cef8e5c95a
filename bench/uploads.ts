// Large uploads three ways against the running service, each next to a plain disk write of the same
// bytes in the same run: the direct multipart upload, the parts API (4 parts in parallel) and tus (one
// streamed PATCH); with the web server's peak RSS growth for each. Then a parts-API upload with one
// connection dropped in the middle of a part (and that part sent again), checked by the SHA-256 of
// the stored file. The file is a WAV (header + noise) generated on the fly, never held whole.
// Run: npx tsx bench/uploads.ts   (BENCH_SIZE_MIB=1024 by default; BENCH_MODES=direct,parts,tus to pick)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client as Pg } from 'pg';
import { Client, now } from './lib/client';
import { startBareServer } from './lib/bare-server';
import { cpuReading } from './lib/cpu';
import { fileRange } from './lib/noise-wav';
import { assertBuilt, ROOT, startServer, type BenchServer } from './lib/server';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_SIZE_MIB ?? 1024) * MiB;
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 4);
const IDLE_AFTER_MS = 20_000;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One HTTP request with a streamed body; `dropAfter` destroys the connection after that many bytes. */
function send(url: string, method: string, headers: Record<string, string>, body?: Readable, dropAfter?: number) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, headers });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString() }),
      );
    });
    req.on('error', reject);
    if (!body) return void req.end();
    let sent = 0;
    body.on('data', (c: Buffer) => {
      sent += c.length;
      if (dropAfter !== undefined && sent >= dropAfter) {
        body.destroy();
        req.destroy(new Error('dropped on purpose'));
      }
    });
    pipeline(body, req).catch(reject);
  });
}

const ok = (a: Answer, status: number, what: string) => {
  if (a.status === status) return a;
  throw new Error(`${what}: HTTP ${a.status} ${a.body}`);
};

async function directUpload(base: string, cookie: string): Promise<number> {
  const boundary = `bench${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="target_format"\r\n\r\nmp3\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* fileRange(SIZE, 0, SIZE);
      yield Buffer.from(tail);
    })(),
  );
  const headers = {
    cookie,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + SIZE + tail.length),
  };
  return Number(
    JSON.parse(ok(await send(`${base}/api/v1/convert/upload`, 'POST', headers, body), 201, 'direct').body).id,
  );
}

/** The parts API, PARALLEL parts at a time; `drop` cuts the connection of one part once, half-way. */
async function partsUpload(base: string, cookie: string, drop = false): Promise<number> {
  const json = { cookie, 'content-type': 'application/json' };
  const init = JSON.stringify({ file_name: 'bench.wav', file_size: SIZE, target_format: 'mp3' });
  const u = JSON.parse(
    ok(await send(`${base}/api/v1/uploads/init`, 'POST', json, Readable.from([init])), 200, 'init').body,
  );
  const numbers = Array.from({ length: u.part_count }, (_, i) => i + 1);
  const dropPart = drop ? Math.ceil(u.part_count / 2) : 0;
  const putPart = async (n: number) => {
    const start = (n - 1) * u.part_size;
    const end = Math.min(SIZE, start + u.part_size);
    const headers = { cookie, 'content-length': String(end - start) };
    const url = `${base}/api/v1/uploads/${u.token}/parts/${n}`;
    if (n === dropPart) {
      await send(url, 'PUT', headers, fileRange(SIZE, start, end), (end - start) / 2).catch(() => {});
    }
    ok(await send(url, 'PUT', headers, fileRange(SIZE, start, end)), 200, `part ${n}`);
  };
  const queue = [...numbers];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await putPart(n);
    }),
  );
  return Number(
    JSON.parse(ok(await send(`${base}/api/v1/uploads/${u.token}/complete`, 'POST', { cookie }), 201, 'complete').body)
      .id,
  );
}

async function tusUpload(base: string, cookie: string): Promise<number> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = ok(
    await send(`${base}/api/v1/tus`, 'POST', {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${b64('bench.wav')},target_format ${b64('mp3')}`,
    }),
    201,
    'tus create',
  );
  const url = new URL(String(created.headers.location), base).href;
  const headers = {
    cookie,
    'tus-resumable': '1.0.0',
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
    'content-length': String(SIZE),
  };
  const last = ok(await send(url, 'PATCH', headers, fileRange(SIZE, 0, SIZE)), 204, 'tus patch');
  return Number(last.headers['x-conversion-id']);
}

// The ceiling for any Node server on this machine: a bare node:http server, in its own process, writing
// the request body to a file, fed by the same client. Its ratio to the disk write shows what the
// loopback and the client's own CPU leave to the service.
const BARE_SERVER = `
  const http = require('node:http'); const fs = require('node:fs'); const { pipeline } = require('node:stream/promises');
  const s = http.createServer(async (req, res) => {
    const file = process.argv[1] + '/bare-' + process.pid + '.bin';
    await pipeline(req, fs.createWriteStream(file, { highWaterMark: 4 << 20 }));
    fs.rmSync(file); res.writeHead(204).end();
  });
  s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

/** Every timed write starts from the same state: the earlier runs' dirty pages written back and a second's pause. */
async function settle(): Promise<void> {
  spawnSync('sync');
  await new Promise((r) => setTimeout(r, 1000));
}

async function bareUpload(): Promise<{ ms: number; cpuMs: number }> {
  await settle();
  const bare = await startBareServer(BARE_SERVER, [path.join(ROOT, '.data/bench')]);
  try {
    const [t, cpu] = [now(), cpuReading({ bare: bare.pid }).ms.bare];
    ok(
      await send(`http://127.0.0.1:${bare.port}/`, 'PUT', { 'content-length': String(SIZE) }, fileRange(SIZE, 0, SIZE)),
      204,
      'bare',
    );
    return { ms: now() - t, cpuMs: cpuReading({ bare: bare.pid }).ms.bare - cpu };
  } finally {
    bare.stop();
  }
}

/**
 * The plain disk write of the same bytes: the generator into a file with the 4 MiB write buffer the
 * service and the bare server use, the better of two tries (the first write into pages the machine
 * has not touched yet can be half as fast, which would flatter every ratio against it).
 */
async function diskWrite(): Promise<number> {
  const once = async () => {
    await settle();
    const file = path.join(ROOT, '.data/bench', `disk-${process.pid}.bin`);
    try {
      const t = now();
      await pipeline(fileRange(SIZE, 0, SIZE), createWriteStream(file, { highWaterMark: 4 * MiB }));
      return now() - t;
    } finally {
      rmSync(file, { force: true });
    }
  };
  return Math.min(await once(), await once());
}

const sha256 = async (stream: Readable) =>
  (await stream.reduce((h, c) => h.update(c), createHash('sha256'))).digest('hex');

/** Runs `fn` while sampling the web tree's RSS every 100 ms; returns its time and the peak growth. */
async function measured(server: BenchServer, fn: () => Promise<number>) {
  await settle();
  const before = server.webRss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.webRss())), 100);
  const roots = { web: server.webRootPid };
  const [t, cpu] = [now(), cpuReading(roots).ms.web];
  const id = await fn().finally(() => clearInterval(sampler));
  return { id, ms: now() - t, growth: peak - before, cpuMs: cpuReading(roots).ms.web - cpu };
}

async function main() {
  assertBuilt();
  const server = await startServer();
  const pg = new Pg({ connectionString: server.databaseUrl });
  await pg.connect();
  const rows: string[] = [];
  try {
    const client = new Client(server.baseUrl);
    await client.init();
    const idleBefore = server.webRss();
    const cookie = client.cookieHeader;
    const base = server.baseUrl;
    const modes: Array<[string, () => Promise<number>]> = [
      ['direct multipart (POST /convert/upload)', () => directUpload(base, cookie)],
      [`parts API (${PARALLEL} in parallel)`, () => partsUpload(base, cookie)],
      ['tus (one PATCH)', () => tusUpload(base, cookie)],
    ];
    // BENCH_MODES=parts,tus runs only those (e.g. to profile one path with BENCH_NODE_ARGS=--cpu-prof).
    const only = process.env.BENCH_MODES?.split(',');
    for (const [name, run] of modes.filter(([name]) => !only || only.some((m) => name.startsWith(m)))) {
      const diskMs = await diskWrite();
      const bareRun = await bareUpload();
      const r = await measured(server, run);
      await client.remove(r.id);
      const [svc, disk, bare] = [mbps(SIZE, r.ms), mbps(SIZE, diskMs), mbps(SIZE, bareRun.ms)];
      const perGiB = (ms: number) => ((ms * 1024 * MiB) / SIZE).toFixed(0);
      rows.push(
        `| ${name} | ${svc.toFixed(0)} | ${disk.toFixed(0)} | ${(svc / disk).toFixed(2)} | ${bare.toFixed(0)} | ${(bare / disk).toFixed(2)} | ${(svc / bare).toFixed(2)} | ${perGiB(r.cpuMs)} / ${perGiB(bareRun.cpuMs)} | ${mib(r.growth)} |`,
      );
      console.log(rows.at(-1));
    }

    // One connection dropped in the middle of a part, the part sent again: every byte must be right.
    const r = await measured(server, () => partsUpload(base, cookie, true));
    const { rows: found } = await pg.query('SELECT input_key FROM conversions WHERE id = $1', [r.id]);
    const stored = path.join(server.dataDir, 'files', found[0].input_key);
    const [want, got] = await Promise.all([sha256(fileRange(SIZE, 0, SIZE)), sha256(createReadStream(stored))]);
    await client.remove(r.id);
    console.log(
      `\ndropped connection: ${mib(SIZE)} in ${(r.ms / 1000).toFixed(1)} s, stored SHA-256 ${got === want ? 'matches' : 'DIFFERS'} (${got.slice(0, 16)}…)`,
    );
    if (got !== want) process.exitCode = 1;

    // The web heap grows only while a large body arrives (lib/runtime/heap-growth.ts): idle, it shrinks back.
    await new Promise((r) => setTimeout(r, IDLE_AFTER_MS));
    console.log(
      `web tree RSS idle: ${mib(idleBefore)} before the uploads, ${mib(server.webRss())} ${IDLE_AFTER_MS / 1000} s after the last`,
    );
  } finally {
    await pg.end();
    await server.stop();
  }
  console.log(
    `\n| ${mib(SIZE)} upload | service MB/s | disk write MB/s (same run) | service / disk | bare node:http MB/s | bare / disk | service / bare | CPU ms per GiB: web tree / bare server | peak RSS growth (web tree) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
