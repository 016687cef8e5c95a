import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREADTH_ENGINES } from '@/lib/engines/breadth';
import { findEngine, listFormats } from '@/lib/engines/registry';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { makeJob } from '@/tests/fixtures/engine-job';
import { makeSamples } from '@/tests/fixtures/breadth-samples';

// The format matrix (issue 13): every sample's format is detected from its bytes, and every pair
// GET /api/v1/formats lists for it that a long-tail engine serves converts, with an output whose
// bytes are the target's. (The sharp, ffmpeg and LibreOffice pairs have their own engine tests.)

let dir: string;
let samples: Map<FormatName, string>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'format-matrix-'));
  samples = makeSamples(dir);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Text formats whose outputs only the name can tell (detection of `output.<ext>`). */
const TEXT_FAMILY = new Set<FormatName>([
  'txt',
  'dokuwiki',
  'jira',
  'zimwiki',
  'jats',
  'tei',
  'icml',
  'texinfo',
  'adoc',
  'ms',
  'haddock',
  'xwiki',
]);
/** Dialects written with another format's extension: detected as that format. */
const DIALECT_OF: Partial<Record<FormatName, FormatName>> = {
  gfm: 'md',
  commonmark: 'md',
  markua: 'md',
  revealjs: 'html',
  slidy: 'html',
  beamer: 'tex',
  context: 'tex',
};

async function outputFormat(file: string, target: FormatName): Promise<FormatName | null> {
  return detectFormat(await readHead(file), `output.${FORMATS[target].extension}`);
}

const breadth = new Set(BREADTH_ENGINES.map((e) => e.name));
const pairs = listFormats().flatMap((f) =>
  f.targets
    .filter((t) => breadth.has(findEngine(f.format, t)!.name))
    .map((t) => [f.format, t] as [FormatName, FormatName]),
);

describe('format matrix', () => {
  it('lists at least the long-tail inputs it has samples for, each detected from its bytes', async () => {
    const listed = new Set(listFormats().map((f) => f.format));
    for (const [format, file] of samples) {
      if (!listed.has(format)) continue;
      // The name only chooses among text markups and inside a container (ASF: wma/wmv, MPEG-PS: mpeg/vob…).
      const ext = path.basename(file).replace(/^[^.]*\./, '');
      expect(await detectFormat(await readHead(file), `sample.${ext}`), format).toBe(format);
    }
  });

  it('has a sample for every input a long-tail engine serves', () => {
    const inputs = new Set(pairs.map(([from]) => from));
    expect([...inputs].filter((f) => !samples.has(f))).toEqual([]);
  });

  // Two at a time (the machine's cores): the pairs are independent sandboxed runs.
  it.concurrent.each(pairs)('%s → %s', (from, to) => twoAtATime(() => convertPair(from, to)));
});

let running = 0;
const queue: Array<() => void> = [];
async function twoAtATime<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((r) => queue.push(r));
  else running++;
  try {
    return await fn();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

async function convertPair(from: FormatName, to: FormatName) {
  const job = await makeJob(Buffer.alloc(0), from, to);
  try {
    await copyFile(samples.get(from)!, job.inputPath);
    const engine = findEngine(from, to)!;
    await engine.inspect?.(job);
    await engine.convert(job);
    const got = await outputFormat(job.outputPath, to);
    const dialect = DIALECT_OF[to];
    if (dialect) expect(got, `${from} → ${to}`).toBe(dialect);
    else if (to === 'opus')
      expect(got, `${from} → opus`).toBe('ogg'); // Opus lives in Ogg: detected as the container
    else if (TEXT_FAMILY.has(to)) expect(got === to || got === 'txt', `${from} → ${to}: ${got}`).toBe(true);
    else expect(got, `${from} → ${to}`).toBe(to);
  } finally {
    await job.cleanup();
  }
}
