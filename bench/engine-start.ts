// ffmpeg's start, sandboxed, with its libraries searched in the loader's own order and in the order
// lib/engines/sandbox/library-order.ts works out (LD_PRELOAD), sides alternating, one run at a time:
// `ffmpeg -version` (the start alone) and the 5 s 640×360 MP4 → WebM of bench/convertx.ts with the
// engine's arguments. Prints each side's median and mean wall time and their ratio, and how long
// working out the order took.
// Run: npx tsx bench/engine-start.ts   (BENCH_N=30 runs per side and work)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OUTPUT_ARGS, ffmpegCommand } from '@/lib/engines/ffmpeg/args';
import { prepareSearchFirst } from '@/lib/engines/sandbox/library-order';
import { runSandboxed } from '@/lib/engines/sandbox/sandbox';
import { stats } from './lib/client';
import { makeMp4 } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 30);

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'transmute-bench-start-'));
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
      const times = { plain: [] as number[], ordered: [] as number[] };
      const run = async (side: keyof typeof times) => {
        const start = performance.now();
        const r = await runSandboxed({
          command: 'ffmpeg',
          args: work.args,
          workDir,
          searchFirst: side === 'ordered' ? searchFirst : undefined,
        });
        if (r.code !== 0) throw new Error(`ffmpeg failed: ${r.stderrTail}`);
        times[side].push(performance.now() - start);
      };
      await run('plain'); // warm-up, not counted
      times.plain.length = 0;
      for (let i = 0; i < N; i++) {
        await run(i % 2 ? 'plain' : 'ordered');
        await run(i % 2 ? 'ordered' : 'plain');
      }
      const plain = stats(times.plain);
      const ordered = stats(times.ordered);
      rows.push(
        `| ${work.label} | ${plain.p50.toFixed(1)} / ${plain.mean.toFixed(1)} ms | ${ordered.p50.toFixed(1)} / ${ordered.mean.toFixed(1)} ms | ${(ordered.mean / plain.mean).toFixed(3)} |`,
      );
    }
    console.log(`\nN=${N} runs per side, alternating\n`);
    console.log("| work | loader's own order: p50 / mean | libraries searched first: p50 / mean | mean ratio |");
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
