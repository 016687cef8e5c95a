import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '@/lib/crypto';
import { withEnv } from '@/tests/support/env';
import { waitFor } from '@/tests/support/wait-for';
import { ffmpegEngine } from '../ffmpeg/ffmpeg-engine';
import { prepareFfmpeg } from '../ffmpeg/sandboxed';
import type { EngineJob } from '../types';
import { processJobsDir } from './job-folders';
import { EngineError, type RunSandboxedOptions } from './sandbox';
import { runStartedAhead, STANDBY_LIBRARY, stopStandbys, waitingStandbys } from './standby';

// Programs started ahead, held at main until their run sends its arguments: the runs they take, what
// their sandbox lets a run see, and when they stop. Real bwrap, real ffmpeg.

const folders: string[] = [];
/** A job folder as the pipeline makes them: directly in this process's jobs folder. */
function jobFolder(): string {
  const dir = path.join(processJobsDir(), `standby-test-${randomToken(6)}`);
  mkdirSync(dir, { recursive: true });
  folders.push(dir);
  return dir;
}

/** A 2 s 320×240 H.264 + AAC clip. */
function clip(file: string): void {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
}

const standbyFolders = () =>
  readdirSync(processJobsDir()).filter((name) => name.startsWith('standby-') && !name.startsWith('standby-test-'));
const pids = () => waitingStandbys().map((s) => s.pid);
/** The standby the last run started for the next (one a run: these runs come one at a time). */
const readyStandbys = () => waitFor(pids, (p) => p.length === 1);

/** A plain sandboxed ffmpeg run in `workDir` (every run of a test alike, so they share standbys). */
const ffmpegRun = (workDir: string, args: string[], extra: Partial<RunSandboxedOptions> = {}): RunSandboxedOptions => ({
  command: 'ffmpeg',
  args: ['-hide_banner', '-nostdin', '-y', ...args],
  workDir,
  timeoutMs: 60_000,
  ...extra,
});

beforeAll(async () => {
  await prepareFfmpeg();
});
afterEach(() => stopStandbys());
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('programs started ahead', () => {
  it('a conversion takes a waiting standby, and another starts for the next run', async () => {
    const first = jobFolder();
    clip(path.join(first, 'input.mp4'));
    // A job as the pipeline hands it over: its folder directly in the jobs folder.
    const job = (dir: string): EngineJob => ({
      workDir: dir,
      inputPath: path.join(dir, 'input.mp4'),
      inputFormat: 'mp4',
      targetFormat: 'webm',
      outputPath: path.join(dir, 'output.webm'),
      options: {},
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    await ffmpegEngine.convert(job(first)); // none waits yet: this run starts ffmpeg afresh
    const before = await readyStandbys();

    const second = jobFolder();
    clip(path.join(second, 'input.mp4'));
    await ffmpegEngine.convert(job(second));

    const after = await readyStandbys();
    expect(after.filter((pid) => before.includes(pid))).toHaveLength(before.length - 1); // one was taken
    expect(readdirSync(second).sort()).toEqual(['input.mp4', 'output.webm']); // the job folder is back, whole
    const probeArgs = ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json'];
    const probe = JSON.parse(
      execFileSync('ffprobe', [...probeArgs, path.join(second, 'output.webm')], { encoding: 'utf8' }),
    ) as {
      streams: Array<{ codec_name: string; width?: number; nb_read_frames?: string }>;
      format: { duration: string };
    };
    const video = probe.streams.find((s) => s.codec_name === 'vp9');
    expect(video?.width).toBe(320);
    expect(Number(video?.nb_read_frames)).toBe(50);
    expect(probe.streams.some((s) => s.codec_name === 'opus')).toBe(true);
    expect(Number(probe.format.duration)).toBeCloseTo(2, 0);
    // Only the waiting standbys have folders: the taken one's went with its run.
    expect(standbyFolders()).toHaveLength(after.length);
  });

  it("lets a run see its own job folder alone: not another job's, and what it writes beside it is gone after", async () => {
    const other = jobFolder();
    clip(path.join(other, 'secret.mp4'));
    await runStartedAhead(ffmpegRun(jobFolder(), ['-f', 'lavfi', '-i', 'sine=duration=0.1', 'out.wav']));
    const before = await readyStandbys();

    const dir = jobFolder();
    const escaped = path.join(processJobsDir(), `escaped-${randomToken(4)}.wav`);
    const r = await runStartedAhead(
      ffmpegRun(dir, [
        '-f',
        'lavfi',
        '-i',
        'sine=duration=0.1',
        `file:${escaped}`,
        '-f',
        'mov',
        '-i',
        `file:${other}/secret.mp4`,
      ]),
    );
    expect(pids().filter((pid) => before.includes(pid))).toHaveLength(before.length - 1);
    expect(r.code).not.toBe(0);
    expect(r.stderrTail).toContain(`${other}/secret.mp4: No such file or directory`);

    const written = await runStartedAhead(
      ffmpegRun(dir, ['-f', 'lavfi', '-i', 'sine=duration=0.1', `file:${escaped}`]),
    );
    expect(written.code).toBe(0);
    expect(existsSync(escaped)).toBe(false);
  });

  it('on cancel, kills the run and puts the job folder back', async () => {
    await runStartedAhead(ffmpegRun(jobFolder(), ['-f', 'lavfi', '-i', 'sine=duration=0.1', 'out.wav']));
    const before = await readyStandbys();
    const dir = jobFolder();
    writeFileSync(path.join(dir, 'input.txt'), 'kept');
    const abort = new AbortController();
    const run = runStartedAhead(
      ffmpegRun(dir, ['-re', '-f', 'lavfi', '-i', 'testsrc2=duration=60', '-f', 'null', '-'], { signal: abort.signal }),
    );
    setTimeout(() => abort.abort(), 500);
    const failure: unknown = await run.catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineError);
    expect((failure as EngineError).cancelled).toBe(true);
    expect(pids().filter((pid) => before.includes(pid))).toHaveLength(before.length - 1);
    expect(readdirSync(dir)).toEqual(['input.txt']);
    await waitFor(standbyFolders, (names) => names.length === pids().length);
  });

  it('is not taken by a run with other settings: the standbys become that run’s kind', async () => {
    await runStartedAhead(ffmpegRun(jobFolder(), ['-f', 'lavfi', '-i', 'sine=duration=0.1', 'out.wav']));
    const before = await readyStandbys();
    const memoryLimitBytes = 2 * 1024 ** 3;
    const r = await runStartedAhead(
      ffmpegRun(jobFolder(), ['-f', 'lavfi', '-i', 'sine=duration=0.1', 'out.wav'], { memoryLimitBytes }),
    );
    expect(r.code).toBe(0);
    const after = await readyStandbys();
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    await waitFor(standbyFolders, (names) => names.length === after.length);
  });

  it('stops once unused for ENGINE_IDLE_SECONDS, leaving no folder', async () => {
    await withEnv({ ENGINE_IDLE_SECONDS: '0.5' }, async () => {
      await runStartedAhead(ffmpegRun(jobFolder(), ['-f', 'lavfi', '-i', 'sine=duration=0.1', 'out.wav']));
      await readyStandbys();
      await waitFor(pids, (p) => p.length === 0, { timeoutMs: 5_000 });
      await waitFor(standbyFolders, (names) => names.length === 0, { timeoutMs: 5_000 });
    });
  });
});

describe('the standby library (standby.c)', () => {
  const preloaded: Record<string, string> = { PATH: '/usr/bin:/bin', LD_PRELOAD: STANDBY_LIBRARY };
  const run = (input: Buffer | string) =>
    spawnSync('ffmpeg', [], {
      input,
      env: preloaded as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });

  it('runs the program with the directory and arguments it is sent', () => {
    const r = run('/tmp\0-hide_banner\0-version\0');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ffmpeg version /);
  });

  it('readies 64 MiB of heap while it waits, then runs as sent', async () => {
    const child = spawn('ffmpeg', [], { env: preloaded as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    const anonKiB = () => Number(/^RssAnon:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
    try {
      // Before main, ffmpeg itself holds a few MiB of anonymous memory; the readied heap is the rest.
      await waitFor(anonKiB, (kib) => kib >= 64 * 1024, { timeoutMs: 10_000 });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stdin.end('/tmp\0-hide_banner\0-version\0');
      const [code] = (await once(child, 'close')) as [number];
      expect(code).toBe(0);
      expect(stdout).toMatch(/^ffmpeg version /);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses before main a message it cannot read: the program never runs', () => {
    for (const message of ['', '/tmp\0-version', '/no/such/folder\0-version\0', Buffer.alloc(1 << 20, 'a')]) {
      const r = run(message);
      expect(r.status).toBe(125);
      expect(r.stdout + r.stderr).toBe('');
    }
  });
});
