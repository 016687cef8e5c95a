// DOCX → PDF end to end through the service (warm LibreOffice in the worker) against a cold
// `soffice --headless --convert-to pdf` per file with a fresh profile.
// Run: npx tsx bench/docx-to-pdf.ts   (BENCH_N=10 service runs, BENCH_COLD_N=5 cold runs)
// Pool scaling: BENCH_MODE=pool npx tsx bench/docx-to-pdf.ts   (no server or build needed): the same
// DOCX sent two at a time to a pool of 1 warm instance (the baseline) and to a pool of 2, in
// alternating rounds (BENCH_ROUNDS=3 of BENCH_POOL_DOCS=30 documents), documents per second and ratio.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, type Converted, fmtStats, ms, now, phases, stats, timed } from './lib/client';
import { assertBuilt, startServer } from './lib/server';
import { officePoolRates } from './lib/office-pool';
import { isPdf, makeDocx, soffice } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 10);
const COLD_N = Number(process.env.BENCH_COLD_N ?? 5);
const WARMUP = 2;

async function main() {
  const poolOnly = process.env.BENCH_MODE === 'pool';
  if (!poolOnly) assertBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'transmute-bench-docx-'));
  try {
    const docx = makeDocx(dir);
    if (poolOnly) return await officePoolRates(docx, dir);
    console.log(
      `input: DOCX of ${(docx.length / 1024).toFixed(1)} KiB; ${COLD_N} cold soffice runs, ${WARMUP} warm-up + ${N} service runs`,
    );

    // Baseline: a cold LibreOffice per file, each with a fresh profile (what a naive service does).
    const cold: number[] = [];
    for (let i = 0; i < COLD_N; i++) {
      const out = path.join(dir, `out-${i}`);
      const t = now();
      soffice(path.join(dir, `profile-${i}`), ['--convert-to', 'pdf', '--outdir', out, 'bench.docx'], dir);
      cold.push(now() - t);
      if (!isPdf(readFileSync(path.join(out, 'bench.pdf')))) throw new Error('cold soffice produced no PDF');
    }
    const coldStats = stats(cold);
    console.log(`  baseline cold soffice: ${fmtStats(coldStats)}`);

    const server = await startServer();
    let warm: number[];
    let runs: Converted[] = [];
    try {
      console.log(`service on ${server.baseUrl} (data in ${server.dataDir})`);
      const client = new Client(server.baseUrl);
      await client.init();
      const viaService = async () => {
        const out = await client.convert(docx, 'bench.docx', 'pdf');
        if (!isPdf(out.result)) throw new Error('service returned no PDF');
        runs.push(out);
      };
      const w = await timed(WARMUP, 1, viaService);
      console.log(`  warm-up: ${w.durations.map(ms).join(', ')}`);
      runs = [];
      warm = (await timed(N, 1, viaService)).durations;
      console.log(`  service (warm, sequential): ${fmtStats(stats(warm))}`);
      console.log(`    phases: ${phases(runs)}`);
    } finally {
      await server.stop();
    }
    const warmStats = stats(warm);
    const minWait = Math.min(...runs.map((r) => r.waitMs));
    console.log('\n| variant | n | mean | p50 | p95 | speed-up vs cold soffice |');
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| baseline: cold soffice --convert-to pdf | ${coldStats.n} | ${ms(coldStats.mean)} | ${ms(coldStats.p50)} | ${ms(coldStats.p95)} | 1.0× |`,
    );
    console.log(
      `| service DOCX→PDF end to end (warm) | ${warmStats.n} | ${ms(warmStats.mean)} | ${ms(warmStats.p50)} | ${ms(warmStats.p95)} | ${(coldStats.mean / warmStats.mean).toFixed(1)}× (mean), ${(coldStats.p50 / warmStats.p50).toFixed(1)}× (p50) |`,
    );
    console.log(`\nfastest wait (upload answered → completed event): ${ms(minWait)}`);
    if (warmStats.p50 >= 1000) console.log('NOTE: warm DOCX→PDF is not under 1 s end to end.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
