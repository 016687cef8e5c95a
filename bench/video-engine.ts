// One MP4 → WebM conversion, engine level (no server, no queue): the ffmpeg engine's inspect and
// convert, sandboxed, against `ffmpeg -i in <the same output arguments> out.webm` run directly, as
// ConvertX runs it, on the same 5 s 640×360 input, alternating, one at a time. Wall time and CPU
// (the sandbox, ffprobe if run, ffmpeg: every process naming the job's folder) per conversion.
// Run: npx tsx bench/video-engine.ts   (BENCH_N=10 conversions per side)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OUTPUT_ARGS } from '@/lib/engines/ffmpeg/args';
import { ffmpegEngine } from '@/lib/engines/ffmpeg/ffmpeg-engine';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { makeMp4 } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 10);
const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU ms of the processes whose command line names `dir` (the sandbox, ffprobe, ffmpeg), sampled
 * every few ms while they run: bwrap's PID namespace keeps their time out of our own cutime.
 */
function cpuWatch(dir: string): { stop: () => number } {
  // Processes older than the watch are never ours; a new one is looked at until it names `dir`
  // (a child seen between fork and exec still has our own command line).
  const older = new Set(readdirSync('/proc'));
  const ours = new Set<number>();
  const cpu = new Map<number, number>();
  const tick = () => {
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || older.has(name)) continue;
      try {
        if (!ours.has(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)) ours.add(pid);
        if (!ours.has(pid)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu.set(pid, (Number(f[11]) + Number(f[12])) * TICK_MS);
      } catch {
        // ended: its last reading stands
      }
    }
  };
  const timer = setInterval(tick, 2);
  return {
    stop: () => {
      clearInterval(timer);
      return [...cpu.values()].reduce((a, b) => a + b, 0);
    },
  };
}

async function measure(run: (job: TestJob) => Promise<void>, input: Buffer): Promise<{ wall: number; cpu: number }> {
  const job = await makeJob(input, 'mp4', 'webm');
  const watch = cpuWatch(job.workDir);
  const t0 = performance.now();
  try {
    await run(job);
    return { wall: performance.now() - t0, cpu: watch.stop() };
  } finally {
    watch.stop();
    await job.cleanup();
  }
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-video-'));
  const input = makeMp4(dir);
  const webm = OUTPUT_ARGS.webm!;
  const sides = {
    engine: async (job: TestJob) => {
      await ffmpegEngine.inspect!(job);
      await ffmpegEngine.convert(job);
    },
    direct: async (job: TestJob) => {
      // Asynchronous, so the CPU sampler keeps running while ffmpeg does.
      const args = ['-nostdin', '-loglevel', 'error', '-y', '-i', job.inputPath, ...webm, job.outputPath];
      const code = await new Promise<number | null>((resolve) => spawn('ffmpeg', args).once('close', resolve));
      if (code !== 0) throw new Error(`ffmpeg failed (exit ${code})`);
    },
  };
  const samples: Record<keyof typeof sides, Array<{ wall: number; cpu: number }>> = { engine: [], direct: [] };
  await measure(sides.engine, input); // one untimed run each: page cache and the sandbox's first start
  await measure(sides.direct, input);
  for (let i = 0; i < N; i++) {
    for (const side of ['engine', 'direct'] as const) samples[side].push(await measure(sides[side], input));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const side of ['engine', 'direct'] as const) {
    const s = samples[side];
    console.log(
      `${side.padEnd(6)} wall mean ${mean(s.map((x) => x.wall)).toFixed(0)} ms, median ${median(s.map((x) => x.wall)).toFixed(0)} ms; CPU mean ${mean(s.map((x) => x.cpu)).toFixed(0)} ms, median ${median(s.map((x) => x.cpu)).toFixed(0)} ms`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await rm(dir, { recursive: true, force: true });
}

void main();
