import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { findEngine } from '@/lib/engines/registry';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { makeJob } from '@/tests/fixtures/engine-job';
import { DETECTED_OUTPUTS } from '@/tests/fixtures/matrix-samples';
import { contentProblem } from './content-checks';
import { knownLoss } from './content-checks/known-losses';

// One pair of the format matrix: the sample converts with the engine the registry picks, the
// output's bytes are the target's (or a ZIP of parts), and it holds what the sample holds
// (./content-checks). Shared by the matrix test files.

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

/** What an output of `target` may be detected as. */
function accepted(target: FormatName): readonly FormatName[] {
  const dialect = DIALECT_OF[target];
  if (dialect) return [dialect];
  if (TEXT_FAMILY.has(target)) return [target, 'txt'];
  return DETECTED_OUTPUTS[target] ?? [target];
}

export async function outputFormat(file: string, target: FormatName): Promise<FormatName | null> {
  return detectFormat(await readHead(file), `output.${FORMATS[target].extension}`);
}

export async function convertPair(sample: string, from: FormatName, to: FormatName): Promise<void> {
  const loss = knownLoss(from, to);
  const job = await makeJob(Buffer.alloc(0), from, to);
  try {
    await copyFile(sample, job.inputPath);
    const problem = await convertAndCheck(job, from, to).catch((e: unknown) => {
      // A known loss may be a conversion that fails outright; anything else is a failure as ever.
      if (loss === undefined) throw e;
      return String(e);
    });
    if (loss === undefined) expect(problem, `${from} → ${to}: ${problem}`).toBeUndefined();
    else
      expect(problem, `${from} → ${to} keeps its content now: remove it from known-losses.ts (${loss})`).toBeDefined();
  } finally {
    await job.cleanup();
  }
}

/** Converts with the engine the registry picks; the output must be the target's: what it lost, if anything. */
async function convertAndCheck(
  job: Awaited<ReturnType<typeof makeJob>>,
  from: FormatName,
  to: FormatName,
): Promise<string | undefined> {
  const engine = findEngine(from, to)!;
  await engine.inspect?.(job);
  const parts = (await engine.convert(job))?.parts;
  const got = parts && parts > 1 ? 'zip' : await outputFormat(job.outputPath, to);
  expect(parts && parts > 1 ? ['zip'] : accepted(to), `${from} → ${to}: detected ${got}`).toContain(got);
  return contentProblem({ file: job.outputPath, from, to, dir: job.workDir, parts });
}

/** The sample of `format` holds its known content: the content checks mean something only then. */
export async function expectKnownContent(sample: string, format: FormatName): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sample-check-'));
  try {
    const problem = await contentProblem({ file: sample, from: format, to: format, dir });
    const loss = knownLoss(format, format);
    if (loss === undefined) expect(problem, `the ${format} sample: ${problem}`).toBeUndefined();
    else expect(problem, `the ${format} sample holds its content now: remove it from known-losses.ts`).toBeDefined();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let running = 0;
const queue: Array<() => void> = [];
/** Two at a time (the machine's cores): the pairs are independent sandboxed runs. */
export async function twoAtATime<T>(fn: () => Promise<T>): Promise<T> {
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
