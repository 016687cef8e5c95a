import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { ffmpegEngine } from './ffmpeg-engine';
import { sharingCores } from './sandboxed';
import { EngineError, withEngineSlot } from '../sandbox/sandbox';
import { waitFor } from '@/tests/support/wait-for';

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

/** A job whose input ffmpeg (trusted, test-side) generates from lavfi sources. */
async function mediaJob(
  from: FormatName,
  to: FormatName,
  lavfi: string[],
  extra: Partial<TestJob> = {},
): Promise<TestJob> {
  const j = await makeJob(Buffer.alloc(0), from, to, extra);
  jobs.push(j);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...lavfi, j.inputPath]);
  return j;
}
const AV = (seconds: number, size = '160x120') => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=d=${seconds}:s=${size}:r=25`,
  '-f',
  'lavfi',
  '-i',
  `sine=d=${seconds}:f=440`,
  '-shortest',
];
const VIDEO_ONLY = (seconds: number) => ['-f', 'lavfi', '-i', `testsrc=d=${seconds}:s=160x120:r=25`];
const AUDIO = (seconds: number) => ['-f', 'lavfi', '-i', `sine=d=${seconds}:f=440`];

type Probe = {
  streams: Array<{ codec_type: string; codec_name: string; width?: number }>;
  format: { duration: string; format_name: string };
};
const probe = (file: string): Probe =>
  JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,codec_name,width:format=duration,format_name',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    ),
  );

/** The ids of the processes running now. */
const processIds = () => readdirSync('/proc').filter((n) => /^\d+$/.test(n));

/** A process's command line, its arguments joined by spaces ('' once it has exited). */
function commandLineOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

const codecs = (p: Probe) => Object.fromEntries(p.streams.map((s) => [s.codec_type, s.codec_name]));

async function run(j: TestJob) {
  await ffmpegEngine.inspect!(j);
  await ffmpegEngine.convert(j);
  return probe(j.outputPath);
}

describe('ffmpeg engine', () => {
  it('mp4 → webm: VP9 + Opus, same duration, real progress', async () => {
    const j = await mediaJob('mp4', 'webm', AV(3));
    const p = await run(j);
    expect(codecs(p)).toEqual({ video: 'vp9', audio: 'opus' });
    expect(Number(p.format.duration)).toBeCloseTo(3, 0);
    expect(j.progress.some((x) => x > 1 && x < 100)).toBe(true);
    expect(j.progress.at(-1)).toBe(100);
  });

  it('progress runs to the end of the output, scaled by the duration ffmpeg reads from the input', async () => {
    // 80 s from 20 s on: 60 s of output, a few seconds of encoding (ffmpeg reports every 0.5 s of
    // its own time, and once more at the end). Scaled by the input's 80 s, progress would stop at 75.
    const j = await mediaJob('mp4', 'webm', [...AV(80, '640x360'), '-c:v', 'libx264', '-preset', 'ultrafast'], {
      options: { start: 20 },
    });
    const p = await run(j);
    expect(Number(p.format.duration)).toBeCloseTo(60, 0);
    const running = j.progress.filter((x) => x > 1 && x < 100);
    expect(running.length).toBeGreaterThanOrEqual(3);
    expect(running).toEqual([...running].sort((a, b) => a - b));
    expect(Math.max(...running)).toBeGreaterThanOrEqual(95);
  });

  it('refuses a file ffmpeg cannot open as its claimed container, leaving no output', async () => {
    const j = await makeJob(Buffer.from('not a video at all, only text'.repeat(100)), 'mkv', 'mp4');
    jobs.push(j);
    await expect(ffmpegEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'unsupported_format' && /MKV file could not be read/.test(e.message),
    );
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it.each([
    ['mkv', 'mp4', { video: 'h264', audio: 'aac' }],
    ['mov', 'avi', { video: 'mpeg4', audio: 'mp3' }],
    ['avi', 'mkv', { video: 'h264', audio: 'aac' }],
    ['webm', 'mov', { video: 'h264', audio: 'aac' }],
    ['mp4', 'mp3', { audio: 'mp3' }],
  ] as const)('%s → %s', async (from, to, expected) => {
    const p = await run(await mediaJob(from, to, AV(2)));
    expect(codecs(p)).toEqual(expected);
    expect(Number(p.format.duration)).toBeCloseTo(2, 0);
  });

  it.each([
    ['mp3', 'mp3'],
    ['flac', 'flac'],
    ['ogg', 'vorbis'],
    ['m4a', 'aac'],
    ['aac', 'aac'],
  ] as const)('wav → %s (%s)', async (to, codec) => {
    const p = await run(await mediaJob('wav', to, AUDIO(2)));
    expect(codecs(p)).toEqual({ audio: codec });
    expect(Number(p.format.duration)).toBeCloseTo(2, 0);
  });

  it('m4a → wav', async () => {
    const p = await run(await mediaJob('m4a', 'wav', [...AUDIO(1), '-c:a', 'aac']));
    expect(codecs(p)).toEqual({ audio: 'pcm_s16le' });
  });

  it('refuses audio extraction from a video without sound', async () => {
    const j = await mediaJob('mp4', 'mp3', VIDEO_ONLY(1));
    await expect(ffmpegEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'unsupported_format',
    );
  });

  it('refuses a video whose frames are too large before decoding', async () => {
    const j = await mediaJob('mkv', 'mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=10000x4500:d=0.04:r=25',
      '-c:v',
      'png',
      '-pix_fmt',
      'gray',
    ]);
    await ffmpegEngine.inspect!(j); // the container is genuine…
    await expect(ffmpegEngine.convert(j)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'unsupported_format' && /too large \(10000×4500\)/.test(e.message),
    );
    expect(existsSync(j.outputPath)).toBe(false);
  });

  describe('hostile playlists', () => {
    // A real audio file the playlists point at: if it were ever demuxed, the output would exist.
    async function hostile(name: 'hls' | 'concat', claimed: FormatName) {
      const j = await makeJob(Buffer.alloc(0), claimed, 'mp3');
      jobs.push(j);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...AUDIO(1), path.join(j.workDir, 'secret.wav')]);
      const text =
        name === 'hls'
          ? '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXTINF:1,\nsecret.wav\n#EXT-X-ENDLIST\n'
          : `ffconcat version 1.0\nfile 'secret.wav'\nfile '/etc/passwd'\n`;
      await writeFile(j.inputPath, text);
      return j;
    }

    for (const kind of ['hls', 'concat'] as const) {
      for (const claimed of ['mp4', 'mkv', 'wav', 'mp3'] as const) {
        it(`${kind} playlist claimed as ${claimed} is refused by inspect and not parsed by convert`, async () => {
          const j = await hostile(kind, claimed);
          await expect(ffmpegEngine.inspect!(j)).rejects.toSatisfy(
            (e) => e instanceof AppError && e.code === 'unsupported_format',
          );
          // Even without inspect, the forced demuxer never reads it as a playlist.
          await expect(ffmpegEngine.convert(j)).rejects.toSatisfy(
            (e) => e instanceof AppError || e instanceof EngineError,
          );
          const out = existsSync(j.outputPath) ? await readFile(j.outputPath) : Buffer.alloc(0);
          expect(out.length).toBe(0);
        });
      }
    }
  });

  it('shares the cores among engine runs under way: each input and the output get their share of threads', () => {
    const args = ['-y', '-f', 'mov', '-i', 'file:a.mp4', '-i', 'file:b.wav', '-c:v', 'libvpx-vp9', 'file:out.webm'];
    const cores = os.availableParallelism();
    expect(sharingCores(args, 1)).toEqual(args); // alone: ffmpeg's own choice
    expect(sharingCores(args, 0)).toEqual(args);
    const t = '1'; // twice as many runs as cores: one thread each
    expect(sharingCores(args, cores * 2)).toEqual([
      ...['-y', '-f', 'mov', '-threads', t, '-i', 'file:a.mp4', '-threads', t, '-i', 'file:b.wav'],
      ...['-c:v', 'libvpx-vp9', '-threads', t, 'file:out.webm'],
    ]);
  });

  it('converts in full while another engine run holds a slot, with its share of the cores', async () => {
    const cores = os.availableParallelism();
    process.env.ENGINE_CONCURRENCY = String(cores + 1);
    let release = () => {};
    const other = withEngineSlot(() => new Promise<void>((r) => (release = r)));
    try {
      // Long enough for the watch below to see ffmpeg's command line on a busy machine: a 3 s clip's
      // run once ended unseen under CI's load.
      const j = await mediaJob('mp4', 'webm', AV(8));
      // Seen on the running ffmpeg's command line: two runs under way, so each gets half the cores.
      const threads = String(Math.max(1, Math.floor(cores / 2)));
      // Each look reads /proc synchronously: with a read on the thread pool per process, a look every
      // 5 ms, looks piled up behind each other on a loaded machine and the run once ended unseen.
      const commandLines: string[] = [];
      const watch = setInterval(() => {
        for (const pid of processIds()) {
          const cmd = commandLineOf(pid);
          if (cmd.startsWith('ffmpeg ') && cmd.includes(j.workDir)) commandLines.push(cmd);
        }
      }, 5);
      const p = await withEngineSlot(() => run(j)).finally(() => clearInterval(watch));
      expect(codecs(p)).toEqual({ video: 'vp9', audio: 'opus' });
      expect(Number(p.format.duration)).toBeCloseTo(8, 0);
      if (cores > 1) {
        expect(commandLines.length).toBeGreaterThan(0);
        expect(commandLines[0]).toContain(`-threads ${threads} -i file:${j.inputPath}`);
        expect(commandLines[0]).toContain(`-threads ${threads} file:${j.outputPath}`);
      }
    } finally {
      release();
      await other;
      delete process.env.ENGINE_CONCURRENCY;
    }
  });

  it('cancel kills ffmpeg and its sandbox', async () => {
    const ac = new AbortController();
    const j = await mediaJob('mp4', 'webm', [...AV(30, '640x480'), '-c:v', 'mpeg4'], {
      signal: ac.signal,
      onProgress: (p) => p > 1 && ac.abort(),
    });
    await expect(ffmpegEngine.convert(j)).rejects.toSatisfy((e) => e instanceof EngineError && e.cancelled);
    const survivors = async () =>
      processIds()
        .map(commandLineOf)
        .filter((cmd) => cmd.includes(j.workDir) && !cmd.includes('vitest'));
    // The killed processes are reaped shortly after the rejection; one left past the wait survived.
    expect(await waitFor(survivors, (s) => s.length === 0, { timeoutMs: 10_000, intervalMs: 50 })).toEqual([]);
  });
});
