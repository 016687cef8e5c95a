// Transmute against ConvertX (github.com/C4illin/ConvertX), the popular self-hosted peer, side by side
// on this machine: the same inputs, each service through its own protocol, rounds interleaved so that
// both meet the same machine. Transmute: SPEC's protocol (upload → status polled every BENCH_POLL_MS,
// or completion over SSE → download), and the one-request convert beside it. ConvertX: its browser
// flow (GET / makes a job, POST /upload, POST /convert, POST /progress/:job polled every
// BENCH_POLL_MS until the result is listed, then the download). The polling client is the same for
// both services; the progress stream is Transmute's alone. Work: 1 MP PNG → WebP (ConvertX's
// `vips`; Transmute's WebP effort is 2, vips's 4, so another Transmute variant, polled, asks for
// effort 4), small DOCX → PDF (LibreOffice on both), 5 s 640×360 MP4 → WebM with Transmute's VP9
// settings given to ConvertX's ffmpeg (FFMPEG_OUTPUT_ARGS).
// First, both idle after start: the PSS of each whole process tree (Transmute's with its PostgreSQL).
//
// Nothing of ConvertX is committed here: point CONVERTX_DIR at a checkout of it, e.g.
//   git clone --depth 1 --branch v0.18.0 https://github.com/C4illin/ConvertX .data/convertx/src-tree
// Then, after `npx next build` of this repository:
//   CONVERTX_DIR=.data/convertx/src-tree npx tsx bench/convertx.ts
// Bun comes from the npm registry (the version in the checkout's .bun-version, installed under
// .data/bench/; BUN=/path/to/bun uses another). `vips` (Debian's libvips-tools), `ffmpeg` and
// `soffice` must be on PATH. ConvertX keeps its files and SQLite database in CONVERTX_DIR/data, which
// this script empties before and after the run.
// Knobs: BENCH_N conversions per variant and round (default 10), BENCH_ROUNDS (2), BENCH_WORK
// (png,docx,mp4), BENCH_POLL_MS (how often a polling client asks either service, 100).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, collector, fmtStats, ms, now, timed } from './lib/client';
import { POLL_MS, type Work, convertxConvert, requirePrograms, startConvertx } from './lib/convertx';
import { cpuDelta, cpuReading, postgresPid } from './lib/cpu';
import { isPdf, isWebm, isWebp, makeDocx, makeMp4, makePng } from './lib/inputs';
import { databasePss, treePss } from './lib/pss';
import { assertBuilt, type BenchServer, sleep, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WORK = (process.env.BENCH_WORK ?? 'png,docx,mp4').split(',');
const WARMUP = 2;

/** Quiet time before the idle reading: Transmute collects its garbage once after 10 s without work. */
const IDLE_SETTLE_MS = 15_000;

/**
 * Both services idle after start, side by side: PSS of each whole process tree (Transmute's web and
 * worker roots and, when on this machine, its PostgreSQL server; ConvertX's Bun process and its children).
 */
async function idleFootprints(transmute: BenchServer, databaseUrl: string | undefined, peerPid: number) {
  await sleep(IDLE_SETTLE_MS);
  const roots = [...new Set([transmute.webRootPid, transmute.workerRootPid])].map(treePss);
  const ours = roots.reduce((s, r) => s + r.pss, 0);
  const processes = roots.reduce((s, r) => s + r.processes, 0);
  const database = databaseUrl ? await databasePss(databaseUrl) : 0;
  const peer = treePss(peerPid);
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
  const count = (n: number) => `${n} process${n === 1 ? '' : 'es'}`;
  return (
    `idle PSS after start: Transmute ${mb(ours + database)} (${mb(ours)} in ${count(processes)} + ` +
    `${mb(database)} its PostgreSQL server), ConvertX ${mb(peer.pss)} (${count(peer.processes)})`
  );
}

async function main() {
  const checkout = process.env.CONVERTX_DIR && path.resolve(process.env.CONVERTX_DIR);
  if (!checkout || !existsSync(path.join(checkout, 'src/index.tsx'))) {
    console.error('CONVERTX_DIR must point at a checkout of github.com/C4illin/ConvertX (see the top of this file).');
    process.exit(2);
  }
  assertBuilt();
  requirePrograms();
  const version = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')).version as string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'transmute-bench-peer-'));
  const all: Work[] = [
    {
      key: 'png',
      label: '1 MP PNG → WebP',
      fileName: 'bench.png',
      target: 'webp',
      convertxConverter: 'vips',
      bytes: await makePng(),
      isResult: isWebp,
      // `vips copy x.png y.webp` encodes at libwebp's default effort, 4; Transmute's default is 2.
      peerEncoderOptions: { label: 'effort 4, as ConvertX', options: { effort: 4 } },
    },
    {
      key: 'docx',
      label: 'small DOCX → PDF',
      fileName: 'bench.docx',
      target: 'pdf',
      convertxConverter: 'libreoffice',
      bytes: makeDocx(dir),
      isResult: isPdf,
    },
    {
      key: 'mp4',
      label: '5 s 640×360 MP4 → WebM (VP9)',
      fileName: 'bench.mp4',
      target: 'webm',
      convertxConverter: 'ffmpeg',
      bytes: makeMp4(dir),
      isResult: isWebm,
    },
  ];
  const works = all.filter((w) => WORK.includes(w.key));

  const transmute = await startServer();
  const peer = await startConvertx(checkout).catch(async (e: unknown) => {
    await transmute.stop();
    throw e;
  });
  const lines: string[] = [];
  try {
    const client = new Client(transmute.baseUrl);
    await client.init();
    const pgPid = await postgresPid(transmute.databaseUrl);
    const roots = {
      'Transmute web': transmute.webRootPid,
      'Transmute worker': transmute.workerRootPid,
      ...(pgPid ? { 'Transmute PostgreSQL': pgPid } : {}),
      ConvertX: peer.pid,
    };
    console.log(`Transmute on ${transmute.baseUrl}, ConvertX ${version} on ${peer.baseUrl}`);
    console.log(`N=${N} per variant and round, ${ROUNDS} rounds interleaved, ${WARMUP} warm-up each`);
    lines.push(await idleFootprints(transmute, pgPid ? transmute.databaseUrl : undefined, peer.pid));
    console.log(lines[0]);

    for (const work of works) {
      const check = (b: Buffer) => {
        if (!work.isResult(b)) throw new Error(`${work.label}: the result is not a ${work.target}`);
      };
      // Transmute's conversions are deleted after each timed run, not in it: ConvertX's flow deletes nothing.
      const made: number[] = [];
      const removeMade = async () => {
        for (const id of made.splice(0)) await client.remove(id);
      };
      const variants = {
        [`Transmute (SPEC protocol, polling every ${POLL_MS} ms)`]: async () => {
          const { id, result } = await client.convert(work.bytes, work.fileName, work.target, POLL_MS, true);
          made.push(id);
          check(result);
        },
        ...(work.peerEncoderOptions && {
          [`Transmute (SPEC protocol, polling every ${POLL_MS} ms, ${work.peerEncoderOptions.label})`]: async () => {
            const { options } = work.peerEncoderOptions!;
            const { id, result } = await client.convert(work.bytes, work.fileName, work.target, POLL_MS, true, options);
            made.push(id);
            check(result);
          },
        }),
        'Transmute (SPEC protocol, progress stream)': async () => {
          const { id, result } = await client.convert(work.bytes, work.fileName, work.target, undefined, true);
          made.push(id);
          check(result);
        },
        'Transmute (one request)': async () => {
          const { id, result } = await client.convertInOneRequest(work.bytes, work.fileName, work.target);
          made.push(id);
          check(result);
        },
        [`ConvertX ${version}`]: async () => check(await convertxConvert(peer.baseUrl, work)),
      };
      const names = Object.keys(variants) as (keyof typeof variants)[];
      for (const name of names) await timed(WARMUP, 1, variants[name]);
      await removeMade();

      console.log(`\n${work.label}`);
      for (const conc of [1, 2]) {
        const results = Object.fromEntries(names.map((n) => [n, collector()]));
        const cpu = Object.fromEntries(names.map((n) => [n, [] as string[]]));
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? names : [...names].reverse();
          for (const name of order) {
            const before = cpuReading(roots);
            results[name].add(await timed(N, conc, results[name].guard(variants[name])));
            cpu[name].push(cpuDelta(before, cpuReading(roots), N));
            await removeMade();
          }
        }
        const measured = Object.fromEntries(names.map((n) => [n, results[n].result()]));
        const peerRate = measured[names[names.length - 1]].perSec;
        for (const name of names) {
          const m = measured[name];
          const failures = m.failed ? `, ${m.failed} FAILED (first: ${m.firstError})` : '';
          console.log(`  ×${conc} ${name}: ${m.perSec.toFixed(2)}/s, ${fmtStats(m.latency)}${failures}`);
          console.log(`      CPU per conversion, by round: ${cpu[name].join(' | ')}`);
          lines.push(
            `| ${work.label} | ${conc} | ${name} | ${m.perSec.toFixed(2)} | ${ms(m.latency.mean)} | ${ms(m.latency.p95)} | ${(m.perSec / peerRate).toFixed(2)}× | ${m.failed} |`,
          );
        }
      }
    }
  } finally {
    await peer.stop();
    await transmute.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const [idle, ...rows] = lines;
  console.log(`\n${idle}`);
  console.log(
    `\n| work | concurrency | service | conversions/s | mean latency | p95 | throughput vs ConvertX | failed |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const line of rows) console.log(line);
  console.log(`\n(finished ${new Date(now() + performance.timeOrigin).toISOString()})`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
