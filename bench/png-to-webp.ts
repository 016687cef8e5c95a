// PNG → WebP through the service (upload → wait → download) against bare sharp in this process,
// and the floor of any HTTP service on this machine: a bare node:http server in its own process
// that parses the same multipart request with busboy, converts the PNG with sharp and answers the
// WebP in one request (no auth, no row, no queue, no sandbox, no separate download;
// bench/lib/floor-server.ts), fed by the same client; the service both through SPEC's protocol and
// in one request (POST /api/v1/convert).
// The one request and the floor server take turns in rounds (BENCH_ROUNDS, 4; the floor first in
// even rounds, the service in odd ones), so that both meet the machine at the same speed: here it
// drifts by a tenth from one minute to the next, and a ratio of two minutes apart moves with it.
// Run: npx tsx bench/png-to-webp.ts   (N=30 per variant by default; BENCH_N=… to change)
// BENCH_WEBP_EFFORT: the libwebp effort of every side (default: the converter's default, which the
// service then uses unasked; another is sent to the service as the conversion's `effort` option).
// BENCH_FLOOR_WEBP=sharp-defaults: the floor server and the in-process baseline call `.webp()` with
// sharp's own defaults (effort 4) while the service keeps its default: what a harness whose floor
// is written that way measures. Then the sides do not encode the same way, so the ratios are not
// those of equal work.
import sharp from 'sharp';
import {
  Client,
  collector,
  type Converted,
  fmtStats,
  type Measured,
  ms,
  phases,
  timed,
  type Stats,
} from './lib/client';
import { cpuDelta, cpuReading, postgresPid } from './lib/cpu';
import { serverPhases } from './lib/phases';
import { startFloorServer } from './lib/floor-server';
import { isWebp, makePng, WEBP_SETTINGS as DEFAULT_WEBP_SETTINGS } from './lib/inputs';
import { assertBuilt, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const EFFORT = Number(process.env.BENCH_WEBP_EFFORT ?? DEFAULT_WEBP_SETTINGS.effort);
const FLOOR_AT_SHARP_DEFAULTS = process.env.BENCH_FLOOR_WEBP === 'sharp-defaults';
/** The floor's and the baseline's WebP options: `{}` is sharp's defaults. */
const WEBP_SETTINGS = FLOOR_AT_SHARP_DEFAULTS ? {} : { ...DEFAULT_WEBP_SETTINGS, effort: EFFORT };
/** The options the service is asked for: none at its default, so that the default run sends a plain request. */
const SERVICE_OPTIONS = EFFORT === DEFAULT_WEBP_SETTINGS.effort ? undefined : { effort: EFFORT };
const WARMUP = 2;
const FLOOR = 'bare node:http + busboy + sharp';
const ONE_REQUEST = 'service, one request';
type Row = { name: string; conc: number; perSec: number; latency: Stats };
type Timed = Awaited<ReturnType<typeof timed>>;

/** One side of the comparison: its conversion, the processes whose CPU it uses, what to do after each round. */
type Side = {
  name: string;
  convert: () => Promise<void>;
  roots: Record<string, number>;
  afterRound?: () => Promise<void>;
};

/**
 * `sides` in rounds at ×1 then ×2, taking turns (the first side first in even rounds, last in odd
 * ones), N conversions each in all; records each side's figures over all its rounds.
 */
async function takingTurns(sides: Side[], record: (name: string, conc: number, r: Measured) => void) {
  const perRound = Math.ceil(N / ROUNDS);
  for (const conc of [1, 2]) {
    const results = sides.map(() => collector());
    const cpu = sides.map(() => [] as string[]);
    const rates = sides.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const i = sides.indexOf(side);
        const before = cpuReading(side.roots);
        const r = await timed(perRound, conc, side.convert);
        results[i].add(r);
        rates[i].push((perRound * 1000) / r.wallMs);
        cpu[i].push(cpuDelta(before, cpuReading(side.roots), perRound));
        await side.afterRound?.();
      }
    }
    sides.forEach((side, i) => {
      record(side.name, conc, results[i].result());
      console.log(`    CPU per conversion, by round: ${cpu[i].join(' | ')}`);
    });
    // The spread: each round's throughput against the first side's in the same round.
    const byRound = rates.slice(1).map((r) => r.map((rate, round) => (rate / rates[0]![round]!).toFixed(2)).join(', '));
    console.log(`    throughput against ${sides[0]!.name}, by round (×${conc}): ${byRound.join(' / ')}`);
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
  const record = (name: string, conc: number, r: Measured) => {
    rows.push({ name, conc, perSec: r.perSec, latency: r.latency });
    console.log(`  ${name} (×${conc}): ${fmtStats(r.latency)}`);
  };
  const recordTimed = (name: string, conc: number, r: Timed) => {
    const m = collector();
    m.add(r);
    record(name, conc, m.result());
  };

  // Baseline: bare sharp in this process (default libvips threading).
  const bare = async () => {
    const out = await sharp(png).webp(WEBP_SETTINGS).toBuffer();
    if (!isWebp(out)) throw new Error('sharp produced no WebP');
  };
  await timed(WARMUP, 1, bare);
  recordTimed('baseline sharp().webp(WEBP_SETTINGS)', 1, await timed(N, 1, bare));
  recordTimed('baseline sharp().webp(WEBP_SETTINGS)', 2, await timed(N, 2, bare));

  // PHASE_TIMINGS: the services log each conversion's phases (lib/system/phase-timings.ts), as JSON lines to read back.
  const floor = await startFloorServer(WEBP_SETTINGS);
  const server = await startServer({ PHASE_TIMINGS: '1', LOG_FORMAT: 'json' }).catch((e: unknown) => {
    floor.stop();
    throw e;
  });
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
      recordTimed(name, conc, await timed(N, conc, viaService(pollMs)));
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
    // One request (POST /convert): the same conversion, answered with its result, taking turns with
    // the floor server fed the same multipart body by the same client.
    // Only the id is kept, to delete the conversion after the round: the client holds no more for
    // the service than for the floor, whose results it drops at once.
    const oneRequestIds: number[] = [];
    const oneRequest = async () => {
      const out = await client.convertInOneRequest(png, 'bench.png', 'webp', SERVICE_OPTIONS);
      if (!isWebp(out.result)) throw new Error('service returned no WebP');
      oneRequestIds.push(out.id);
    };
    const floorClient = new Client(`http://127.0.0.1:${floor.port}`);
    const viaFloor = async () => {
      const out = await floorClient.convertInOneRequest(png, 'bench.png', 'webp');
      if (!isWebp(out.result)) throw new Error('floor server: no WebP');
    };
    await timed(WARMUP, 1, viaFloor);
    await takingTurns(
      [
        { name: FLOOR, convert: viaFloor, roots: { 'bare server': floor.pid, client: process.pid } },
        {
          name: ONE_REQUEST,
          convert: oneRequest,
          roots,
          // Deleted between rounds, not in them.
          afterRound: async () => {
            for (const id of oneRequestIds.splice(0)) await client.remove(id);
          },
        },
      ],
      record,
    );
    console.log(`web server RSS after the runs: ${(server.webRss() / 2 ** 20).toFixed(0)} MB (process tree)`);
  } finally {
    await server.stop();
    floor.stop();
  }

  for (const conc of [1, 2]) {
    const floorRow = rows.find((r) => r.name === FLOOR && r.conc === conc)!;
    const one = rows.find((r) => r.name === ONE_REQUEST && r.conc === conc)!;
    console.log(
      `one request vs the floor server (×${conc}): latency ${(one.latency.mean / floorRow.latency.mean).toFixed(2)}×, ` +
        `throughput ${(one.perSec / floorRow.perSec).toFixed(2)}×`,
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
