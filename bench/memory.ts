// Footprint and leak check: idle PSS of the service's process tree (web + worker and everything
// they start) just after start, then after a warm-up batch (pools and heaps at working size: PNG →
// WebP and two DOCX → PDF), then after BENCH_N small conversions (1 MP PNG → WebP, concurrency 2),
// then once the engines' idle time (ENGINE_IDLE_SECONDS) has passed; last, how long the first
// conversions after that idle time take (engines cold) against the next ones (warm).
// Run: npx tsx bench/memory.ts   (BENCH_N=1000, BENCH_WARMUP=50 conversions, BENCH_IDLE_S=10 settle
// time before each reading, BENCH_ENGINE_IDLE_S=30 given to the service as ENGINE_IDLE_SECONDS;
// BENCH_HEAP=1 also forces a GC in web and worker through the inspector and reads their live JS
// heap, to tell garbage from a leak; BENCH_ALL_IN_ONE=1 starts the all-in-one mode, the worker in
// the web process, as scripts/run-services.sh does). The PostgreSQL server at DATABASE_URL is read
// beside the tree: with the embedded one (scripts/embedded-db.ts) the two make the whole service.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { docx, paragraph } from '@/tests/fixtures/hostile-documents';
import { Client, ms, now, timed } from './lib/client';
import { inspectorOf, type Inspector } from './lib/inspector';
import { databasePss, pssOf } from './lib/pss';
import { ALL_IN_ONE, assertBuilt, cmdline, processTree, sleep, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 1000);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const HEAP = process.env.BENCH_HEAP === '1';
const ENGINE_IDLE_S = Number(process.env.BENCH_ENGINE_IDLE_S ?? 30);
const CONCURRENCY = 2;
const TARGET_RATIO = 1.1;
const MB = 2 ** 20;

/** What a process of the tree is, from its command line. */
function kind(pid: number, role: string): string {
  const cmd = cmdline(pid);
  if (/^npm exec |^sh -c |\.bin\/tsx |tsx\/dist\/cli/.test(cmd)) return `${role}: launchers (npm exec, sh, tsx CLI)`;
  if (/soffice|oosplash/.test(cmd)) return 'LibreOffice (warm)';
  if (/libreoffice\/bridge\.py/.test(cmd)) return 'LibreOffice bridge (python)';
  const engine = /engines\/(\w+)\/worker\.cjs/.exec(cmd)?.[1]; // a warm engine pool's worker (sharp, ocr…)
  if (engine) return `${engine} workers (warm)`;
  if (/^bwrap /.test(cmd)) return 'bubblewrap sandboxes';
  if (/(server|worker)\.(ts|js|mjs|cjs)\b/.test(cmd)) return `${role} (node)`;
  return `${role}: ${cmd.split(' ')[0].split('/').pop() || '?'}`;
}

type Reading = { total: number; byKind: Map<string, { pss: number; count: number }> };

/** The service's Node processes by role: one for both in the all-in-one mode. */
const ROLES = ALL_IN_ONE ? (['web + worker'] as const) : (['web', 'worker'] as const);

function reading(roots: Record<(typeof ROLES)[number], number>): Reading {
  const byKind = new Map<string, { pss: number; count: number }>();
  let total = 0;
  for (const role of ROLES) {
    for (const pid of processTree(roots[role as keyof typeof roots])) {
      const pss = pssOf(pid);
      if (!pss) continue;
      const k = kind(pid, role);
      const entry = byKind.get(k) ?? { pss: 0, count: 0 };
      byKind.set(k, { pss: entry.pss + pss, count: entry.count + 1 });
      total += pss;
    }
  }
  return { total, byKind };
}

const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;

function print(label: string, r: Reading) {
  console.log(`${label}: process tree ${mb(r.total)} PSS`);
  for (const [k, v] of [...r.byKind].sort((a, b) => b[1].pss - a[1].pss)) {
    console.log(`  ${k.padEnd(44)} ${mb(v.pss).padStart(7)}  (${v.count} process${v.count > 1 ? 'es' : ''})`);
  }
}

const webAndWorker = (r: Reading) =>
  [...r.byKind].filter(([k]) => ROLES.some((role) => k === `${role} (node)`)).reduce((s, [, v]) => s + v.pss, 0);

async function main() {
  assertBuilt();
  // 1 MP of noise: a PNG of about 3 MB, like the 2.8 MB one.
  const png = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
    .png()
    .toBuffer();
  // The inspector (BENCH_HEAP=1) on a port of its own choosing, announced in each service's log.
  const document = docx(
    Array.from({ length: 40 }, (_, i) => paragraph(`Paragraph ${i + 1}. ${'Lorem ipsum. '.repeat(20)}`)).join(''),
  );
  const server = await startServer(
    { ENGINE_IDLE_SECONDS: String(ENGINE_IDLE_S) },
    HEAP ? ['--inspect=127.0.0.1:0'] : [],
  );
  const roots = Object.fromEntries(
    ROLES.map((role) => [role, role === 'worker' ? server.workerRootPid : server.webRootPid]),
  ) as Record<(typeof ROLES)[number], number>;
  let started!: Reading,
    before!: Reading,
    after!: Reading,
    rested!: Reading,
    wallMs = 0;
  let dbStarted = 0,
    dbBefore = 0,
    dbAfter = 0,
    dbRested = 0;
  const firstAfterIdle: string[] = [];
  const heaps: string[] = [];
  const inspectors: Array<[string, Inspector]> = [];
  const heapReading = async (label: string) => {
    if (!HEAP) return;
    if (!inspectors.length) {
      for (const role of ROLES)
        inspectors.push([role, await inspectorOf(server.logOf(role === 'worker' ? 'worker' : 'web'))]);
    }
    const cells = [];
    for (const [role, inspector] of inspectors) {
      const before = await inspector.heapUsed();
      await inspector.collectGarbage();
      cells.push(`${role} ${mb(before)} → ${mb(await inspector.heapUsed())} after GC`);
    }
    heaps.push(`| ${label} | ${cells.join(' | ')} |`);
  };
  try {
    console.log(
      `service on ${server.baseUrl}; ${N} conversions of a 1000×1000 PNG (${mb(png.length)}), concurrency ${CONCURRENCY}`,
    );
    const client = new Client(server.baseUrl);
    await client.init();
    await sleep(IDLE_S * 1000);
    started = reading(roots);
    dbStarted = await databasePss(server.databaseUrl);
    print(`idle ${IDLE_S} s after start`, started);
    // Warm-up: code paths loaded, engine pools and heaps at their working size before the first reading.
    await timed(WARMUP, CONCURRENCY, () => client.convert(png, 'warm.png', 'webp'));
    for (let i = 0; i < 2; i++) await client.convert(document, 'warm.docx', 'pdf');
    await sleep(IDLE_S * 1000);
    await heapReading(`idle after ${WARMUP} warm-up conversions`);
    before = reading(roots);
    dbBefore = await databasePss(server.databaseUrl);
    print(`idle ${IDLE_S} s after ${WARMUP} warm-up conversions`, before);
    let done = 0;
    const run = await timed(N, CONCURRENCY, async () => {
      await client.convert(png, 'bench.png', 'webp');
      if (++done % 100 === 0) console.log(`  ${done}/${N} conversions, tree ${mb(reading(roots).total)}`);
    });
    wallMs = run.wallMs;
    await sleep(IDLE_S * 1000);
    await heapReading(`idle after ${N} more`);
    after = reading(roots);
    dbAfter = await databasePss(server.databaseUrl);
    print(`idle ${IDLE_S} s after ${N} conversions`, after);
    // Past the engines' idle time (counted from the last job), then the first conversions after it.
    await sleep(Math.max(0, ENGINE_IDLE_S - IDLE_S + 5) * 1000);
    rested = reading(roots);
    dbRested = await databasePss(server.databaseUrl);
    print(`idle ${ENGINE_IDLE_S + 5} s after the last job (ENGINE_IDLE_SECONDS=${ENGINE_IDLE_S})`, rested);
    for (const [name, bytes, target] of [
      ['1 MP PNG → WebP', png, 'webp'],
      ['small DOCX → PDF', document, 'pdf'],
    ] as const) {
      const times = [];
      for (let i = 0; i < 3; i++) {
        const t = now();
        await client.convert(bytes, `first.${target === 'pdf' ? 'docx' : 'png'}`, target);
        times.push(ms(now() - t));
      }
      firstAfterIdle.push(`| ${name} | ${times.join(' | ')} |`);
    }
  } finally {
    for (const [, inspector] of inspectors) inspector.close();
    await server.stop();
  }

  const ratio = after.total / before.total;
  console.log(`\n${N} conversions in ${(wallMs / 1000).toFixed(0)} s (${((N * 1000) / wallMs).toFixed(2)}/s)`);
  console.log(`\n${ALL_IN_ONE ? 'all-in-one: the worker in the web process' : 'web and worker apart'}`);
  console.log('| reading | process tree PSS | web + worker (node) | PostgreSQL | tree + PostgreSQL |');
  console.log('|---|---|---|---|---|');
  const row = (label: string, r: Reading, db: number) =>
    console.log(`| ${label} | ${mb(r.total)} | ${mb(webAndWorker(r))} | ${mb(db)} | ${mb(r.total + db)} |`);
  row('idle after start', started, dbStarted);
  row(`idle after ${WARMUP} warm-up conversions`, before, dbBefore);
  row(`idle after ${N} conversions`, after, dbAfter);
  row(`idle ${ENGINE_IDLE_S + 5} s after the last job`, rested, dbRested);
  console.log('\nThe first conversions after the idle time, one at a time (upload → completed → downloaded)');
  console.log('| conversion | first | second | third |\n|---|---|---|---|');
  for (const row of firstAfterIdle) console.log(row);
  console.log(`\nafter / before (process tree): ${ratio.toFixed(3)} (target ≤ ${TARGET_RATIO.toFixed(2)})`);
  if (HEAP) {
    console.log('\nLive JS heap (V8 used size, before → after a forced full GC; the PSS readings above came after it)');
    console.log(`| reading | ${ROLES.join(' | ')} |\n|---|${ROLES.map(() => '---|').join('')}`);
    for (const row of heaps) console.log(row);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
