import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { ffmpegEngine } from '../ffmpeg/ffmpeg-engine';
import { prepareFfmpeg } from '../ffmpeg/sandboxed';
import { prepareSearchFirst, searchFirst } from './library-order';
import { runSandboxed } from './sandbox';
import { STANDBY_LIBRARY } from './standby';

let job: TestJob;
let libraries: readonly string[];

beforeAll(async () => {
  await prepareFfmpeg();
  libraries = searchFirst('ffmpeg') ?? [];
  job = await makeJob(Buffer.alloc(0), 'mp4', 'webm');
});
afterAll(() => job.cleanup());

/** What every name ffmpeg binds at start binds to ("<library> <name>" → library), from the loader's own log. */
async function bindings(first?: readonly string[]): Promise<Map<string, string>> {
  const bound = new Map<string, string>();
  const r = await runSandboxed({
    command: 'ffmpeg',
    args: ['-version'],
    workDir: job.workDir,
    env: { LD_DEBUG: 'bindings' },
    searchFirst: first,
    extraRoBinds: first?.includes(STANDBY_LIBRARY) ? [STANDBY_LIBRARY] : [],
    onStderrLine: (line) => {
      const m = /binding file (\S+) \[\d+\] to (\S+) \[\d+\]: normal symbol `([^']+)'/.exec(line);
      if (m) bound.set(`${m[1]} ${m[3]}`, m[2]);
    },
  });
  // A standby waits for its arguments on stdin, which is empty here: it stops before main (standby.c).
  expect(r.code).toBe(first?.[0] === STANDBY_LIBRARY ? 125 : 0);
  return bound;
}

describe("ffmpeg's library search order", () => {
  it('moves the libraries that answer most lookups ahead: libc, libstdc++, libcrypto among them', () => {
    const names = libraries.map((f) => path.basename(f));
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(expect.arrayContaining(['libc.so.6', 'libstdc++.so.6', 'libcrypto.so.3']));
    // libm defines names libc defines too (frexp…), and comes first in the loader's own list: it stays ahead.
    expect(names.indexOf('libm.so.6')).toBeLessThan(names.indexOf('libc.so.6'));
  });

  it('binds every name ffmpeg looks up at start to the same library as without it', async () => {
    const plain = await bindings();
    const reordered = await bindings(libraries);
    expect(plain.size).toBeGreaterThan(20_000);
    expect(reordered.size).toBe(plain.size);
    const moved = [...plain].filter(([name, library]) => reordered.get(name) !== library);
    expect(moved).toEqual([]);
  });

  it('binds alike in a standby (../sandbox/standby.ts), but for the start that waits for its arguments', async () => {
    const plain = await bindings();
    const standby = await bindings([STANDBY_LIBRARY, ...libraries]);
    // It stops before main, so what ffmpeg binds only at its exit (free, destructors…) is not in its log.
    expect(standby.size).toBeGreaterThan(plain.size - 100);
    // Of the names both bind (not the standby library's own imports, nor what its dlsym looks up).
    const moved = [...standby]
      .filter(([name, library]) => plain.has(name) && plain.get(name) !== library)
      .map(([name]) => name);
    expect(moved).toEqual(['ffmpeg __libc_start_main']);
    expect(standby.get('ffmpeg __libc_start_main')).toBe(STANDBY_LIBRARY);
  });

  it('is worked out once per process', async () => {
    expect(await prepareSearchFirst('ffmpeg')).toBe(libraries);
  });

  it('converts with it: a 2 s clip becomes a 2 s WebM of 50 frames', async () => {
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', job.inputPath],
    ]);
    await ffmpegEngine.convert(job);
    const probe = JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', job.outputPath],
        {
          encoding: 'utf8',
        },
      ),
    ) as { streams: Array<{ codec_name: string; nb_read_frames?: string }>; format: { duration: string } };
    const video = probe.streams.find((s) => s.codec_name === 'vp9');
    expect(Number(video?.nb_read_frames)).toBe(50);
    expect(probe.streams.some((s) => s.codec_name === 'opus')).toBe(true);
    expect(Number(probe.format.duration)).toBeCloseTo(2, 0);
  });
});
