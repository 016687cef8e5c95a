// PNG → WebP through the service (upload → wait → download) against bare sharp in this process,
// and the floor of any HTTP service on this machine: a bare node:http server in its own process
// that parses the same multipart request with busboy, converts the PNG with sharp and answers the
// WebP in one request (no auth, no row, no queue, no sandbox, no separate download;
// bench/lib/floor-server.ts), fed by the same client; the service both through SPEC's protocol and
// in one request (POST /api/v1/convert).
// Run: npx tsx bench/png-to-webp.ts   (N=30 by default; BENCH_N=… to change)
// BENCH_WEBP_EFFORT: the libwebp effort of every side (default: the converter's default, which the
// service then uses unasked; another is sent to the service as the conversion's `effort` option).
// BENCH_FLOOR_WEBP=sharp-defaults: the floor server and the in-process baseline call `.webp()` with
// sharp's own defaults (effort 4) while the service keeps its default: what a harness whose floor
// is written that way measures. Then the sides do not encode the same way, so the ratios are not
// those of equal work.
import sharp from 'sharp';
import { Client, type Converted, fmtStats, ms, phases, stats, timed, type Stats } from './lib/client';
import { cpuDelta, cpuReading, postgresPid } from './lib/cpu';
import { serverPhases } from './lib/phases';
import { startFloorServer } from './lib/floor-server';
import { isWebp, makePng, WEBP_SETTINGS as DEFAULT_WEBP_SETTINGS } from './lib/inputs';
import { assertBuilt, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 30);
const EFFORT = Number(process.env.BENCH_WEBP_EFFORT ?? DEFAULT_WEBP_SETTINGS.effort);
const FLOOR_AT_SHARP_DEFAULTS = process.env.BENCH_FLOOR_WEBP === 'sharp-defaults';
/** The floor's and the baseline's WebP options: `{}` is sharp's defaults. */
const WEBP_SETTINGS = FLOOR_AT_SHARP_DEFAULTS ? {} : { ...DEFAULT_WEBP_SETTINGS, effort: EFFORT };
/** The options the service is asked for: none at its default, so that the default run sends a plain request. */
const SERVICE_OPTIONS = EFFORT === DEFAULT_WEBP_SETTINGS.effort ? undefined : { effort: EFFORT };
const WARMUP = 2;
type Row = { name: string; conc: number; perSec: number; latency: Stats };
type Timed = Awaited<ReturnType<typeof timed>>;

/**
 * The floor: ×1 and ×2 through the floor server (bench/lib/floor-server.ts), sent the same
 * multipart request as the service's one request, by the same client.
 */
async function bareHttpFloor(png: Buffer, record: (name: string, conc: number, r: Timed) => void) {
  const bare = await startFloorServer(WEBP_SETTINGS);
  try {
    const client = new Client(`http://127.0.0.1:${bare.port}`);
    const convert = async () => {
      const out = await client.convertInOneRequest(png, 'bench.png', 'webp');
      if (!isWebp(out.result)) throw new Error('floor server: no WebP');
    };
    const roots = { 'bare server': bare.pid, client: process.pid };
    await timed(WARMUP, 1, convert);
    for (const conc of [1, 2]) {
      const cpuBefore = cpuReading(roots);
      record('bare node:http + busboy + sharp', conc, await timed(N, conc, convert));
      console.log(`    CPU per conversion: ${cpuDelta(cpuBefore, cpuReading(roots), N)}`);
    }
  } finally {
    bare.stop();
  }
}

async function main() {
  assertBuilt();
  const png = await makePng();
  console.log(
    `input: 1 MP PNG, ${(png.length / 1e6).toFixed(2)} MB; WebP effort ${EFFORT}` +
      (FLOOR_AT_SHARP_DEFAULTS ? " for the service, sharp's defaults for the floor and the baseline" : '') +
      `; N=${N} (+${WARMUP} warm-up) per variant`,
  );
  const rows: Row[] = [];
  const record = (name: string, conc: number, r: Timed) => {
    rows.push({ name, conc, perSec: (r.durations.length * 1000) / r.wallMs, latency: stats(r.durations) });
    console.log(`  ${name} (×${conc}): ${fmtStats(stats(r.durations))}`);
  };

  // Baseline: bare sharp in this process (default libvips threading).
  const bare = async () => {
    const out = await sharp(png).webp(WEBP_SETTINGS).toBuffer();
    if (!isWebp(out)) throw new Error('sharp produced no WebP');
  };
  await timed(WARMUP, 1, bare);
  record('baseline sharp().webp(WEBP_SETTINGS)', 1, await timed(N, 1, bare));
  record('baseline sharp().webp(WEBP_SETTINGS)', 2, await timed(N, 2, bare));
  await bareHttpFloor(png, record);

  // PHASE_TIMINGS: the services log each conversion's phases (lib/system/phase-timings.ts), as JSON lines to read back.
  const server = await startServer({ PHASE_TIMINGS: '1', LOG_FORMAT: 'json' });
  try {
    console.log(`service on ${server.baseUrl} (data in ${server.dataDir})`);
    const client = new Client(server.baseUrl);
    await client.init();
    const pgPid = await postgresPid(server.databaseUrl);
    const roots = {
      web: server.webRootPid,
      worker: server.workerRootPid,
      ...(pgPid ? { postgres: pgPid } : {}),
      client: process.pid,
    };
    let runs: Converted[] = [];
    const viaService = (pollMs?: number) => async () => {
      const out = await client.convert(png, 'bench.png', 'webp', pollMs, true, SERVICE_OPTIONS);
      if (!isWebp(out.result)) throw new Error('service returned no WebP');
      runs.push(out);
    };
    const variant = async (name: string, conc: number, pollMs?: number) => {
      runs = [];
      const cpuBefore = cpuReading(roots);
      record(name, conc, await timed(N, conc, viaService(pollMs)));
      console.log(`    CPU per conversion: ${cpuDelta(cpuBefore, cpuReading(roots), N)}`);
      console.log(`    phases: ${phases(runs)}`);
      const ids = runs.map((r) => r.id);
      console.log(`    server: ${serverPhases(server.logOf('web'), server.logOf('worker'), ids)}`);
      for (const id of ids) await client.remove(id); // not part of a conversion's time
    };
    await timed(WARMUP, 1, viaService());
    for (const { id } of runs) await client.remove(id);
    await variant('service, SSE wait', 1);
    await variant('service, 20 ms status polling', 1, 20);
    await variant('service, SSE wait', 2);
    // One request (POST /convert): the same conversion, answered with its result.
    const oneRequest = async () => {
      const out = await client.convertInOneRequest(png, 'bench.png', 'webp', SERVICE_OPTIONS);
      if (!isWebp(out.result)) throw new Error('service returned no WebP');
      runs.push({ ...out, uploadMs: 0, queueMs: 0, waitMs: 0, downloadMs: 0 });
    };
    for (const conc of [1, 2]) {
      runs = [];
      const cpuBefore = cpuReading(roots);
      record('service, one request', conc, await timed(N, conc, oneRequest));
      console.log(`    CPU per conversion: ${cpuDelta(cpuBefore, cpuReading(roots), N)}`);
      const ids = runs.map((r) => r.id);
      console.log(`    server: ${serverPhases(server.logOf('web'), server.logOf('worker'), ids)}`);
      for (const id of ids) await client.remove(id);
    }
    console.log(`web server RSS after the runs: ${(server.webRss() / 2 ** 20).toFixed(0)} MB (process tree)`);
  } finally {
    await server.stop();
  }

  for (const conc of [1, 2]) {
    const floor = rows.find((r) => r.name.startsWith('bare node:http') && r.conc === conc)!;
    const one = rows.find((r) => r.name === 'service, one request' && r.conc === conc)!;
    console.log(
      `one request vs the floor server (×${conc}): latency ${(one.latency.mean / floor.latency.mean).toFixed(2)}×, ` +
        `throughput ${(one.perSec / floor.perSec).toFixed(2)}×`,
    );
  }
  console.log(
    '\n| variant | concurrency | conversions/s | mean | p50 | p95 | overhead/conversion vs baseline | latency ratio | throughput ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const base = rows.find((b) => b.name.startsWith('baseline') && b.conc === r.conc)!;
    const isBase = r === base;
    const cells = [
      r.name,
      String(r.conc),
      r.perSec.toFixed(2),
      ms(r.latency.mean),
      ms(r.latency.p50),
      ms(r.latency.p95),
      isBase ? '—' : ms(r.latency.mean - base.latency.mean),
      isBase ? '—' : `${(r.latency.mean / base.latency.mean).toFixed(2)}×`,
      isBase ? '—' : `${(r.perSec / base.perSec).toFixed(2)}`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
