import { execFileSync, type ChildProcess } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { inspectAndConvert, pixelFloodPng, type TestJob } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { ffmpegImageEngine } from './ffmpeg-image-engine';

// The still-image engine is one sandboxed ffmpeg run per job, no ffprobe before it: the frame cap,
// "could not be read" and "could not be decoded" all come from that run's own log.

const job = jobsRemovedAfterEach();

/** A real 64×48 QOI image, written by ffmpeg outside the engine. */
async function qoiImage(): Promise<Buffer> {
  const j = await job(Buffer.alloc(0), 'qoi', 'png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=64x48', '-frames:v', '1', j.inputPath]);
  return readFile(j.inputPath);
}

/** A QOI header announcing width×height, with a few bytes of data. */
function qoiHeader(width: number, height: number): Buffer {
  const qoi = Buffer.alloc(64);
  qoi.write('qoif', 0, 'latin1');
  qoi.writeUInt32BE(width, 4);
  qoi.writeUInt32BE(height, 8);
  qoi[12] = 3;
  return qoi;
}

/**
 * Converts `j` as the pipeline does, noting every process Node starts meanwhile for the job (its
 * folder is on the command line): the program each runs, the one after bwrap's `--`.
 */
async function convertNotingPrograms(j: TestJob, withInspect = true): Promise<{ programs: string[]; error: unknown }> {
  const started: ChildProcess[] = [];
  const note = (message: unknown) => started.push((message as { process: ChildProcess }).process);
  diagnostics.subscribe('child_process', note);
  let error: unknown;
  try {
    await (withInspect ? inspectAndConvert(ffmpegImageEngine, j) : ffmpegImageEngine.convert(j));
  } catch (e) {
    error = e;
  } finally {
    diagnostics.unsubscribe('child_process', note);
  }
  const programs = started
    .map((p) => p.spawnargs)
    .filter((argv) => argv.some((a) => a.includes(j.workDir)))
    .map((argv) => argv[argv.indexOf('--', argv.indexOf('bwrap')) + 1]);
  return { programs, error };
}

describe('ffmpeg still-image engine', () => {
  it('converts with one sandboxed ffmpeg run and no ffprobe: progress 1 once ffmpeg opens the file, then 100', async () => {
    const j = await job(await qoiImage(), 'qoi', 'png');
    const { programs, error } = await convertNotingPrograms(j);
    expect(error).toBeUndefined();
    expect(programs).toEqual(['ffmpeg']);
    expect(j.progress).toEqual([1, 100]);
    const png = await readFile(j.outputPath);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 48]);
  });

  it.each([
    ['qoi', 'png', qoiHeader(10_000, 10_000), '10000×10000'],
    ['png', 'qoi', pixelFloodPng(9_000, 5_000), '9000×5000'],
  ] as const)(
    'a %s frame over the cap is refused by that one run with the 400 naming its size, leaving no output',
    async (from, to, input, size) => {
      const j = await job(input, from, to);
      const { programs, error } = await convertNotingPrograms(j);
      expect(programs).toEqual(['ffmpeg']);
      expect(error).toMatchObject({ code: 'unsupported_format', message: `The video frame is too large (${size}).` });
      expect(existsSync(j.outputPath)).toBe(false);
    },
  );

  it('an image ffmpeg opens but cannot decode is the 400 "could not be decoded", with no output', async () => {
    const j = await job(qoiHeader(0, 0), 'qoi', 'png');
    const { programs, error } = await convertNotingPrograms(j);
    expect(programs).toEqual(['ffmpeg']);
    expect(error).toMatchObject({
      code: 'unsupported_format',
      message: 'The image could not be decoded (damaged, or too large).',
    });
    expect(existsSync(j.outputPath)).toBe(false);
  });

  it('a file the MSP demuxer cannot open is the 400 "could not be read", and inspect refuses it first', async () => {
    const j = await job(Buffer.concat([Buffer.from('DanM', 'latin1'), Buffer.alloc(40)]), 'msp', 'png');
    await expect(ffmpegImageEngine.inspect!(j)).rejects.toMatchObject({ code: 'unsupported_format' });
    const { programs, error } = await convertNotingPrograms(j, false);
    expect(programs).toEqual(['ffmpeg']);
    expect(error).toMatchObject({ code: 'unsupported_format', message: 'The MSP file could not be read.' });
    expect(existsSync(j.outputPath)).toBe(false);
  });
});
