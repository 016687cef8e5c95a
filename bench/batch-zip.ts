// A 50-file batch ZIP (1 GB of results by default) streamed by GET /api/v1/batch/{batchId}/download,
// against reading the same 50 result files from storage one after another (the baseline), in one run.
// Reported: time to first byte, throughput (ZIP bytes/s over baseline bytes/s) and the process's
// RSS growth while streaming, and the process's CPU time for each (user + system, from
// process.cpuUsage), which other load on the machine moves far less than wall-clock time. In process: the route handler is called with a real Request (as
// tests/support/route-client.ts does) against the real PostgreSQL and storage, and its Response
// body is read as Next's server would, so nothing here needs a built app.
// Run: DATABASE_URL=… DATA_DIR=… npx tsx bench/batch-zip.ts
//   (BENCH_FILES=50, BENCH_FILE_MB=20, BENCH_ROUNDS=2; DATA_DIR's store gets the files, deleted at the end)
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as download from '@/app/api/v1/batch/[batchId]/download/route';
import { createSession } from '@/lib/accounts/sessions';
import { randomToken } from '@/lib/crypto';
import { db } from '@/lib/db';
import { newConversionId } from '@/lib/domain/conversion-id';
import { newStorageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';

const FILES = Number(process.env.BENCH_FILES ?? 50);
const FILE_BYTES = Number(process.env.BENCH_FILE_MB ?? 20) * 2 ** 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET = { ttfbMs: 200, ratio: 0.7 };

const MiB = 2 ** 20;
const chunk = randomBytes(MiB); // incompressible; each file starts with its own random bytes

/**
 * Samples RSS every 10 ms while `run` goes; returns its result, the peak growth over the start and
 * the process's CPU time meanwhile.
 */
async function withRss<T>(run: () => Promise<T>): Promise<{ value: T; rssGrowth: number; cpuMs: number }> {
  const start = process.memoryUsage.rss();
  const cpu = process.cpuUsage();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const value = await run();
    const used = process.cpuUsage(cpu);
    return { value, rssGrowth: peak - start, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

/** A result as the worker leaves it: stored, with its CRC-32 (lib/conversions/run-conversion.ts). */
async function storeFile(): Promise<{ key: string; crc: number }> {
  const key = newStorageKey('results');
  let crc = 0;
  async function* bytes() {
    const head = randomBytes(4096);
    crc = crc32(head);
    yield head;
    for (let sent = 4096; sent < FILE_BYTES; sent += MiB) {
      const part = chunk.subarray(0, Math.min(MiB, FILE_BYTES - sent));
      crc = crc32(part, crc);
      yield part;
    }
  }
  await storage().put(key, Readable.from(bytes()));
  return { key, crc };
}

async function setUp() {
  const user = await db.user.create({ data: { email: `bench-${randomToken(6)}@example.test`, plan: 'business' } });
  const files: Array<{ key: string; crc: number }> = [];
  for (let i = 0; i < FILES; i++) files.push(await storeFile());
  const keys = files.map((f) => f.key);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 3_600_000);
  const batch = await db.batch.create({ data: { id: randomToken(24), userId: user.id, expiresAt } });
  await db.conversion.createMany({
    data: keys.map((resultKey, i) => ({
      id: newConversionId(),
      userId: user.id,
      batchId: batch.id,
      batchIndex: i,
      originalFileName: `photo-${i}.png`,
      originalFormat: 'png',
      targetFormat: 'webp',
      status: 'completed' as const,
      progress: 100,
      inputKey: newStorageKey('inputs'),
      inputSize: BigInt(FILE_BYTES),
      resultKey,
      resultSize: BigInt(FILE_BYTES),
      resultCrc32: BigInt(files[i].crc),
      completedAt: now,
      expiresAt,
    })),
  });
  const { access_token } = await createSession(user.id);
  return { userId: user.id, batchId: batch.id, keys, token: access_token };
}

type Run = { bytes: number; ms: number; ttfbMs: number };

async function drain(body: ReadableStream<Uint8Array>, started: number): Promise<Run> {
  let bytes = 0;
  let ttfbMs = 0;
  const reader = body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (bytes === 0) ttfbMs = performance.now() - started;
    bytes += part.value.length;
  }
  return { bytes, ms: performance.now() - started, ttfbMs };
}

/** The baseline: every result read from storage, one after another, as bytes are read by the ZIP. */
async function readFiles(keys: string[]): Promise<Run> {
  const started = performance.now();
  let bytes = 0;
  let ttfbMs = 0;
  for (const key of keys) {
    for await (const part of await storage().get(key)) {
      if (bytes === 0) ttfbMs = performance.now() - started;
      bytes += (part as Buffer).length;
    }
  }
  return { bytes, ms: performance.now() - started, ttfbMs };
}

async function downloadZip(batchId: string, token: string): Promise<Run> {
  const headers = { ...signedClientAddressHeaders('127.0.0.1'), authorization: `Bearer ${token}` };
  const request = new Request(`http://localhost:3000/api/v1/batch/${batchId}/download`, { headers });
  const started = performance.now();
  const response = await download.GET(request, { params: Promise.resolve({ batchId }) });
  if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
  return drain(response.body, started);
}

const mbps = (r: Run) => r.bytes / MiB / (r.ms / 1000);
const row = (name: string, r: Run, rss: number, cpuMs: number) =>
  `| ${name} | ${(r.bytes / MiB).toFixed(0)} MiB | ${r.ttfbMs.toFixed(1)} ms | ${r.ms.toFixed(0)} ms | ` +
  `${mbps(r).toFixed(0)} MiB/s | ${cpuMs.toFixed(0)} ms | ${(rss / MiB).toFixed(1)} MiB |`;

async function main() {
  console.log(`Setting up ${FILES} results of ${FILE_BYTES / MiB} MiB…`);
  const setup = await setUp();
  const lines: string[] = [];
  let best = { zip: Infinity, base: Infinity, ttfb: Infinity, zipCpu: Infinity, baseCpu: Infinity };
  const rss: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const base = await withRss(() => readFiles(setup.keys));
      const zip = await withRss(() => downloadZip(setup.batchId, setup.token));
      lines.push(row(`round ${round}: read the files`, base.value, base.rssGrowth, base.cpuMs));
      lines.push(row(`round ${round}: batch ZIP`, zip.value, zip.rssGrowth, zip.cpuMs));
      best = {
        zip: Math.min(best.zip, zip.value.ms),
        base: Math.min(best.base, base.value.ms),
        ttfb: Math.min(best.ttfb, zip.value.ttfbMs),
        zipCpu: Math.min(best.zipCpu, zip.cpuMs),
        baseCpu: Math.min(best.baseCpu, base.cpuMs),
      };
      rss.push(zip.rssGrowth);
    }
  } finally {
    await db.user.delete({ where: { id: setup.userId } }); // cascades to the batch and conversions
    for (const key of setup.keys) await storage().delete(key);
  }
  const ratio = best.base / best.zip; // same payload: throughput ratio = time ratio
  console.log(
    '\n| run | bytes | first byte | total | throughput | CPU | peak RSS growth |\n|---|---|---|---|---|---|---|',
  );
  console.log(lines.join('\n'));
  console.log(
    `\nBest of ${ROUNDS}: ZIP throughput / reading the files = ${ratio.toFixed(2)} (target ≥ ${TARGET.ratio}); ` +
      `first byte ${best.ttfb.toFixed(1)} ms (target < ${TARGET.ttfbMs} ms); ` +
      `CPU time: reading the files ${best.baseCpu.toFixed(0)} ms, ZIP ${best.zipCpu.toFixed(0)} ms ` +
      `(files / ZIP = ${(best.baseCpu / best.zipCpu).toFixed(2)}); ` +
      `peak RSS growth while streaming ${((FILES * FILE_BYTES) / MiB).toFixed(0)} MiB, per round: ` +
      `${rss.map((r) => (r / MiB).toFixed(1)).join(', ')} MiB (the first round also loads and warms the code).`,
  );
  await db.$disconnect();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
