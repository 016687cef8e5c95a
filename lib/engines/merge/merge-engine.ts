import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, isAppError } from '@/lib/errors';
import { MergeOptions, type MergePart } from '@/lib/domain/tools';
import { FORMATS, type FormatName, isFormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { writePdfA } from '../pdf/pdfa';
import { runInJob } from '../sandbox/run-in-job';
import { EngineError } from '../sandbox/sandbox';
import { assertOutput, runTool } from '../sandbox/run-tool';

// Several files joined into one PDF, in the order given. The stored input holds the files end to
// end (the row's options list each one's format, name and length): each is cut out into a folder of
// its own, made a PDF by the engine that converts its format on its own (a PDF is taken as it is),
// and qpdf joins their pages, then the joined PDF is made PDF/A-2b when asked (the pipeline's own
// PDF/A pass serves conversions only). Every program runs sandboxed, within the job's one engine slot.

/** The engine that makes a PDF of a format (the registry's choice for a single conversion). */
export type PdfEngineOf = (from: FormatName) => Engine | undefined;

/** The share of the progress the files' conversions take; joining the pages is the rest. */
const CONVERT_SHARE = 90;

/** Names a file of the merge in a refusal: its name and its place among the files. */
export const mergePartLabel = (name: string, index: number) => `"${name}" (file ${index + 1})`;

/** The formats a merge takes: PDF, and every format `pdfEngineOf` converts to PDF. */
function mergeSources(pdfEngineOf: PdfEngineOf): FormatName[] {
  return (Object.keys(FORMATS) as FormatName[]).filter((f) => f === 'pdf' || pdfEngineOf(f) !== undefined);
}

export function mergeEngine(pdfEngineOf: PdfEngineOf): Engine {
  return {
    name: 'merge',
    tool: 'merge',
    requires: ['qpdf'],
    conversions: [{ from: mergeSources(pdfEngineOf), to: ['pdf'] }],
    convert: (job) => merge(job, pdfEngineOf),
  };
}

async function merge(job: EngineJob, pdfEngineOf: PdfEngineOf): Promise<void> {
  const { parts, pdfa } = MergeOptions.parse(job.options);
  const inputs = await splitParts(job, parts);
  const pdfs: string[] = [];
  for (const [i, part] of parts.entries()) {
    job.signal.throwIfAborted();
    const onProgress = (p: number) =>
      job.onProgress(Math.round(((i + Math.min(100, Math.max(0, p)) / 100) * CONVERT_SHARE) / parts.length));
    pdfs.push(await named(part, i, () => partToPdf(job, part, inputs[i], pdfEngineOf, onProgress)));
    onProgress(100);
  }
  // --empty: a new document of the parts' pages only; no part's title, author or XMP comes along.
  await runTool(job, 'qpdf', ['--warning-exit-0', '--empty', '--pages', ...pdfs, '--', job.outputPath]);
  await assertOutput(job.outputPath, 'qpdf');
  if (pdfa) await writePdfA(job, job.outputPath);
  job.onProgress(100);
}

/** A refusal of one file names it, so the caller knows which of theirs to fix. */
async function named<T>(part: MergePart, index: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!isAppError(e)) throw e;
    throw new AppError(e.code, `${mergePartLabel(part.name, index)}: ${e.message}`, { cause: e });
  }
}

/**
 * Cuts the stored input into one file per part, each `input.<ext>` in a folder of its own (an
 * engine may leave files beside its output), then removes the whole input to free its space.
 */
async function splitParts(job: EngineJob, parts: MergePart[]): Promise<string[]> {
  const total = parts.reduce((n, p) => n + p.size, 0);
  const { size } = await stat(job.inputPath);
  if (size !== total) throw new Error(`The merge input holds ${size} bytes, its parts ${total}`);
  const files: string[] = [];
  let offset = 0;
  for (const [i, part] of parts.entries()) {
    if (!isFormatName(part.format) || part.size === 0) throw new Error(`Merge part ${i + 1} is not a stored file`);
    const dir = path.join(job.workDir, `part-${i + 1}`);
    await mkdir(dir, { mode: 0o700 });
    const file = path.join(dir, `input.${FORMATS[part.format].extension}`);
    const range = { start: offset, end: offset + part.size - 1 };
    await pipeline(createReadStream(job.inputPath, range), createWriteStream(file, { mode: 0o600 }), {
      signal: job.signal,
    });
    files.push(file);
    offset += part.size;
  }
  await rm(job.inputPath);
  return files;
}

/** One part as a PDF: checked and converted as its own conversion to PDF would be. */
async function partToPdf(
  job: EngineJob,
  part: MergePart,
  inputPath: string,
  pdfEngineOf: PdfEngineOf,
  onProgress: (percent: number) => void,
): Promise<string> {
  const format = part.format as FormatName;
  const workDir = path.dirname(inputPath);
  if (format === 'pdf') {
    await assertReadablePdf({ workDir, signal: job.signal }, inputPath);
    return inputPath;
  }
  const engine = pdfEngineOf(format);
  if (!engine) throw new AppError('unsupported_conversion', `${format} files cannot become a PDF here`);
  const partJob: EngineJob = {
    workDir,
    inputPath,
    outputPath: path.join(workDir, 'output.pdf'),
    inputFormat: format,
    targetFormat: 'pdf',
    options: defaultOptions(engine, format),
    signal: job.signal,
    onProgress,
  };
  await engine.inspect?.(partJob);
  const result = await engine.convert(partJob);
  if (result?.parts && result.parts > 1) throw new Error(`${engine.name} wrote ${result.parts} files, not one PDF`);
  await assertOutput(partJob.outputPath, engine.name);
  return partJob.outputPath;
}

/** The defaults of the options the engine applies to `from` → PDF (a part takes no options of its own). */
function defaultOptions(engine: Engine, from: FormatName): Record<string, unknown> {
  const declared = engine.options;
  const names: readonly string[] = declared?.names(from, 'pdf') ?? [];
  const parsed = declared?.schema.safeParse({});
  if (!parsed?.success) return {};
  return Object.fromEntries(Object.entries(parsed.data as Record<string, unknown>).filter(([k]) => names.includes(k)));
}

/** qpdf must read the PDF's pages: a damaged one, or one locked by a password, is refused by name. */
async function assertReadablePdf(job: Pick<EngineJob, 'workDir' | 'signal'>, file: string): Promise<void> {
  const run = await runInJob(job, 'qpdf', ['--warning-exit-0', '--show-npages', file]);
  if (run.code === 0 && Number(run.stdout.trim()) > 0) return;
  // qpdf answers 2 for a file it cannot read; anything else (a crash, a kill) is the engine's failure.
  if (run.code !== 0 && run.code !== 2) throw new EngineError(`qpdf failed (exit ${run.code ?? run.signal})`);
  throw new AppError('unsupported_format', 'The PDF cannot be read: it is damaged, has no pages, or needs a password');
}
