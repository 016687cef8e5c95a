import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegEngine } from '@/lib/engines/ffmpeg/ffmpeg-engine';
import { shutdownEngines } from '@/lib/engines/pools';
import { findEngine, listFormats } from '@/lib/engines/registry';
import { sharpEngine } from '@/lib/engines/sharp/sharp-engine';
import type { FormatName } from '@/lib/formats/catalog';
import { makeSamples } from '@/tests/fixtures/matrix-samples';
import { convertPair, twoAtATime } from '@/tests/support/format-matrix';

// The format matrix of the main engines but LibreOffice (format-matrix-office has its pairs): every
// pair GET /api/v1/formats lists that sharp or ffmpeg serves converts from its sample, with an
// output of the target's format holding the sample's known content (the picture's size and
// colours, the recording's length and size).

let dir: string;
let samples: Map<FormatName, string>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'format-matrix-main-'));
  samples = makeSamples(dir);
}, 120_000);
afterAll(async () => {
  await shutdownEngines();
  await rm(dir, { recursive: true, force: true });
});

const MAIN = new Set([sharpEngine.name, ffmpegEngine.name]);
const pairs = listFormats().flatMap((f) =>
  f.targets
    .filter((t) => MAIN.has(findEngine(f.format, t)!.name))
    .map((t) => [f.format, t] as [FormatName, FormatName]),
);

describe('format matrix: sharp and ffmpeg', () => {
  it('has a sample for every input they serve', () => {
    expect(pairs.length).toBeGreaterThan(100);
    expect([...new Set(pairs.map(([from]) => from))].filter((f) => !samples.has(f))).toEqual([]);
  });

  it.concurrent.each(pairs)('%s → %s', (from, to) => twoAtATime(() => convertPair(samples.get(from)!, from, to)));
});
