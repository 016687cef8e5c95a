import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inspectAndConvert, makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { waitFor } from '@/tests/support/wait-for';
import { EngineError } from '../sandbox/sandbox';
import { sharpEngine } from './sharp-engine';
import { sharpPoolStatus, shutdownSharp, warmUpSharp } from './pool';

// Image work happens in warm sandboxed sharp workers, never in this process.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
afterAll(async () => {
  await shutdownSharp();
});

const job = async (...args: Parameters<typeof makeJob>) => {
  const j = await makeJob(...args);
  jobs.push(j);
  return j;
};

/** A PNG made by another process, so that making it does not grow this one. */
function pngFromChild(width: number, height: number, noise = false): Buffer {
  const grain = noise ? { noise: { type: 'gaussian', mean: 128, sigma: 40 } } : {};
  const create = { width, height, channels: 3, background: '#884422', ...grain };
  const script =
    `require('sharp')(${JSON.stringify({ create })}).png({ compressionLevel: 1 })` +
    '.toBuffer().then((b) => process.stdout.write(b))';
  return execFileSync(process.execPath, ['-e', script], { maxBuffer: 512 * 1024 ** 2 });
}

/** Processes still alive for a worker's instance folder (bwrap and the Node inside name it). */
async function processesOf(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((n) => /^\d+$/.test(n))) {
    const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    if (cmd.includes(dir)) found.push(`${pid}: ${cmd.slice(0, 120)}`);
  }
  return found;
}

/** The files under a folder (its sub-folders' included), by name. */
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => !e.isDirectory()).map((e) => e.name);

const workerDirs = () =>
  sharpPoolStatus()
    .map((s) => s.dir)
    .filter((d): d is string => Boolean(d));

describe('sharp workers', () => {
  it('convert a 100 MP image while this process stays small', async () => {
    await warmUpSharp();
    const small = await job(pngFromChild(64, 48), 'png', 'jpg');
    await inspectAndConvert(sharpEngine, small);
    const big = await job(pngFromChild(10_000, 10_000), 'png', 'jpg');
    const before = process.memoryUsage().rss;
    await inspectAndConvert(sharpEngine, big);
    const grown = process.memoryUsage().rss - before;
    console.log(`100 MP PNG → JPEG: this process grew by ${Math.round(grown / 1024 ** 2)} MB`);
    expect(await sharp(big.outputPath).metadata()).toMatchObject({ format: 'jpeg', width: 10_000, height: 10_000 });
    // Decoding it here would take ≥ 300 MB (RGB) and more for the encoder.
    expect(grown).toBeLessThan(100 * 1024 ** 2);
    for (const dir of workerDirs()) expect(await filesIn(`${dir}/x`)).toEqual([]);
  });

  it('cancel kills the worker (its whole sandbox); the next job gets a fresh one', async () => {
    await warmUpSharp();
    const before = new Set(workerDirs());
    const ac = new AbortController();
    const slow = await job(pngFromChild(4000, 3000, true), 'png', 'avif', {
      signal: ac.signal,
      options: { effort: 9 },
    });
    const running = sharpEngine.convert(slow);
    // Cancelled while the worker has the job: its files are in the worker's exchange folder.
    await waitFor(
      async () => (await Promise.all([...before].map((d) => filesIn(`${d}/x`).catch(() => [])))).flat().length,
      (n) => n > 0,
      { timeoutMs: 10_000, intervalMs: 10 },
    );
    ac.abort();
    await expect(running).rejects.toSatisfy((e) => e instanceof EngineError && e.cancelled);
    const gone = [...before].filter((d) => !workerDirs().includes(d));
    expect(gone).toHaveLength(1);
    expect(await processesOf(gone[0])).toEqual([]);
    expect(existsSync(gone[0])).toBe(false);
    expect(existsSync(slow.outputPath)).toBe(false);

    const next = await job(pngFromChild(64, 48), 'png', 'webp');
    await inspectAndConvert(sharpEngine, next);
    expect((await sharp(next.outputPath).metadata()).format).toBe('webp');
  });

  it('adds little to a small conversion (1 MP PNG → WebP, warm) compared with sharp in-process', async () => {
    await warmUpSharp();
    const png = pngFromChild(1000, 1000, true);
    const bare = async () => {
      const t = performance.now();
      await sharp(png).webp({ quality: 80 }).toBuffer();
      return performance.now() - t;
    };
    const pooled = async () => {
      const j = await job(png, 'png', 'webp');
      const t = performance.now();
      await inspectAndConvert(sharpEngine, j);
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const runs = { bare: [] as number[], pooled: [] as number[] };
    for (let i = 0; i < 7; i++) {
      runs.bare.push(await bare());
      runs.pooled.push(await pooled());
    }
    const [b, p] = [median(runs.bare), median(runs.pooled)];
    const ratio = (p / b).toFixed(2);
    console.log(
      `1 MP PNG → WebP: sharp in-process ${b.toFixed(1)} ms, sandboxed worker ${p.toFixed(1)} ms (×${ratio})`,
    );
    expect(p - b).toBeLessThan(Math.max(25, b * 0.5)); // loose: the machine is shared
  });
});
