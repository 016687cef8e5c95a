// ffmpeg's start, sandboxed, three ways, sides taking turns, one run at a time: its libraries
// searched in the loader's own order; in the order lib/engines/sandbox/library-order.ts works out
// (LD_PRELOAD); and that order in a standby started ahead (lib/engines/sandbox/standby.ts), as the
// engines run it. The work: `ffmpeg -version` (the start alone) and the 5 s 640×360 MP4 → WebM of
// bench/convertx.ts with the engine's arguments. Prints each side's median and mean wall time and
// their ratios to the loader's own order, and how long working out the order took.
// Run: npx tsx bench/engine-start.ts   (BENCH_N=30 runs per side and work)
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { OUTPUT_ARGS, ffmpegCommand } from '@/lib/engines/ffmpeg/args';
import { prepareSearchFirst } from '@/lib/engines/sandbox/library-order';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { runSandboxed } from '@/lib/engines/sandbox/sandbox';
import { runStartedAhead, stopStandbys } from '@/lib/engines/sandbox/standby';
import { stats } from './lib/client';
import { makeMp4 } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 30);

async function main() {
  // In the jobs folder, as a job's: a standby takes only such a folder.
  await mkdir(processJobsDir(), { recursive: true });
  const workDir = await mkdtemp(path.join(processJobsDir(), 'bench-start-'));
  try {
    makeMp4(workDir);
    const t0 = performance.now();
    const searchFirst = await prepareSearchFirst('ffmpeg');
    const preparedMs = performance.now() - t0;
    if (!searchFirst.length) throw new Error('no library order could be proven here');
    console.log(`order worked out in ${preparedMs.toFixed(0)} ms: ${searchFirst.length} libraries searched first`);

    const conversion = ffmpegCommand({
      input: ['-f', 'mov', '-i', `file:${path.join(workDir, 'bench.mp4')}`],
      streams: ['-map', '0:v:0', '-map', '0:a:0?'],
      codec: OUTPUT_ARGS.webm!,
      outputPath: path.join(workDir, 'out.webm'),
    });
    const works = [
      { label: '`ffmpeg -version` (the start alone)', args: ['-version'] },
      { label: '5 s 640×360 MP4 → WebM', args: conversion },
    ];
    const rows: string[] = [];
    for (const work of works) {
      const times = { plain: [] as number[], ordered: [] as number[], standby: [] as number[] };
      const sides = Object.keys(times) as Array<keyof typeof times>;
      const run = async (side: keyof typeof times) => {
        const spec = { command: 'ffmpeg', args: work.args, workDir };
        const start = performance.now();
        const r = await (side === 'standby'
          ? runStartedAhead({ ...spec, searchFirst })
          : runSandboxed({ ...spec, searchFirst: side === 'ordered' ? searchFirst : undefined }));
        if (r.code !== 0) throw new Error(`ffmpeg failed: ${r.stderrTail}`);
        times[side].push(performance.now() - start);
      };
      for (const side of sides) await run(side); // warm-up (and the first standbys), not counted
      for (const side of sides) times[side].length = 0;
      for (let i = 0; i < N; i++) {
        for (let k = 0; k < sides.length; k++) await run(sides[(i + k) % sides.length]);
      }
      const [plain, ordered, standby] = sides.map((side) => stats(times[side]));
      const cell = (s: typeof plain) => `${s.p50.toFixed(1)} / ${s.mean.toFixed(1)} ms`;
      rows.push(
        `| ${work.label} | ${cell(plain)} | ${cell(ordered)} (${(ordered.mean / plain.mean).toFixed(3)}) | ${cell(standby)} (${(standby.mean / plain.mean).toFixed(3)}) |`,
      );
    }
    stopStandbys();
    console.log(`\nN=${N} runs per side, sides taking turns\n`);
    console.log(
      "| work | loader's own order: p50 / mean | libraries searched first: p50 / mean (mean ratio) | the same, started ahead: p50 / mean (mean ratio) |",
    );
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\n(finished ${new Date().toISOString()})`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
