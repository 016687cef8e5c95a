import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { mediaFamily } from './media';

// The media compressor runs ffmpeg alone (no ffprobe before it): the frame cap, the "cannot be
// read" refusal and the duration for progress all come from that one run.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function mediaJob(format: FormatName, make: string[]): Promise<TestJob> {
  const j = await makeJob(Buffer.alloc(0), format, format);
  jobs.push(j);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...make, j.inputPath]);
  return j;
}

describe('media compressor', () => {
  it('re-encodes an MP4 smaller, reporting progress on the way', async () => {
    const j = await mediaJob('mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=d=20:s=640x360:r=25', '-f', 'lavfi', '-i', 'sine=d=20:f=440', '-shortest'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '10', '-c:a', 'aac', '-b:a', '256k'],
    ]);
    await mediaFamily.inspect!(j);
    await mediaFamily.compress(j, { level: 'high' });
    expect(statSync(j.outputPath).size).toBeLessThan(statSync(j.inputPath).size);
    expect(j.progress.some((p) => p > 1 && p < 100)).toBe(true);
  });

  it('refuses a video whose frames are over the cap, leaving no output', async () => {
    const j = await mediaJob('mkv', [
      ...['-f', 'lavfi', '-i', 'color=c=black:s=10000x4500:d=0.04:r=25', '-c:v', 'png', '-pix_fmt', 'gray'],
    ]);
    await mediaFamily.inspect!(j); // the container is genuine…
    await expect(mediaFamily.compress(j, { level: 'medium' })).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'unsupported_format' && /too large \(10000×4500\)/.test(e.message),
    );
    expect(existsSync(j.outputPath)).toBe(false);
  });
});
