// MP4 → WebM, engine level (no server, no queue): the ffmpeg engine's inspect and convert,
// sandboxed, against `ffmpeg -i in <the same output arguments> out.webm` run directly, as ConvertX
// runs it, on the same 5 s 640×360 input, sides alternating. BENCH_CONCURRENCY conversions at a
// time (default 1): the engine runs each in an engine slot, as a worker does, so that runs under
// way share the cores (lib/engines/ffmpeg/sandboxed.ts, sharingCores); "engine, cores not shared"
// runs it outside any slot, as ffmpeg's own threading would. The engine's ffmpeg starts with its
// libraries in the order a worker works out (lib/engines/sandbox/library-order.ts), afresh for each
// run: these job folders are not in the jobs folder, so no standby takes them (bench/engine-start.ts
// measures the standby). Wall time and
// CPU (the sandbox, ffmpeg: every process naming the job's folder) per conversion, and conversions
// a second.
// Run: npx tsx bench/video-engine.ts   (BENCH_N=10 conversions per side)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OUTPUT_ARGS } from '@/lib/engines/ffmpeg/args';
import { ffmpegEngine } from '@/lib/engines/ffmpeg/ffmpeg-engine';
import { prepareFfmpeg } from '@/lib/engines/ffmpeg/sandboxed';
import { withEngineSlot } from '@/lib/engines/sandbox/sandbox';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { timed } from './lib/client';
import { makeMp4 } from './lib/inputs';

const N = Number(process.env.BENCH_N ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
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
  await prepareFfmpeg(); // as a worker does at its start: the engine's ffmpeg with its library order
  const engine = async (job: TestJob) => {
    await ffmpegEngine.inspect!(job);
    await ffmpegEngine.convert(job);
  };
  const sides = {
    engine: (job: TestJob) => withEngineSlot(() => engine(job)),
    'engine, cores not shared': engine,
    direct: async (job: TestJob) => {
      // Asynchronous, so the CPU sampler keeps running while ffmpeg does.
      const args = ['-nostdin', '-loglevel', 'error', '-y', '-i', job.inputPath, ...webm, job.outputPath];
      const code = await new Promise<number | null>((resolve) => spawn('ffmpeg', args).once('close', resolve));
      if (code !== 0) throw new Error(`ffmpeg failed (exit ${code})`);
    },
  };
  const names = Object.keys(sides) as Array<keyof typeof sides>;
  const samples = Object.fromEntries(names.map((n) => [n, [] as Array<{ wall: number; cpu: number }>]));
  const wallMs = Object.fromEntries(names.map((n) => [n, 0]));
  for (const name of names) await measure(sides[name], input); // untimed: page cache and the sandbox's first start
  // Rounds of CONCURRENCY × 2 conversions per side, sides alternating, so that each meets the same machine.
  const perRound = CONCURRENCY * 2;
  for (let done = 0; done < N; done += perRound) {
    for (const name of names) {
      const round = await timed(Math.min(perRound, N - done), CONCURRENCY, async () => {
        samples[name].push(await measure(sides[name], input));
      });
      wallMs[name] += round.wallMs;
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${N} conversions per side, ${CONCURRENCY} at a time`);
  for (const name of names) {
    const s = samples[name];
    console.log(
      `${name.padEnd(24)} ${((s.length * 1000) / wallMs[name]).toFixed(2)}/s; wall mean ${mean(s.map((x) => x.wall)).toFixed(0)} ms, median ${median(s.map((x) => x.wall)).toFixed(0)} ms; CPU mean ${mean(s.map((x) => x.cpu)).toFixed(0)} ms, median ${median(s.map((x) => x.cpu)).toFixed(0)} ms`,
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
