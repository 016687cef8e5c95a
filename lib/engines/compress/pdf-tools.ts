import { AppError } from '@/lib/errors';
import { PAGE_LIMITS } from '../limits';
import { runInJob } from '../sandbox/run-in-job';
import { EngineError } from '../sandbox/sandbox';

// Poppler and qpdf runs on untrusted PDFs, sandboxed (no network, only the job folder: ../sandbox/run-in-job.ts),
// shared by PDF compression and OCR.

type Run = { workDir: string; signal: AbortSignal };

/** Runs a tool in the sandbox and returns its stdout; throws `refusal` (a 4xx) when it exits non-zero. */
export async function runPdfTool(
  run: Run,
  command: string,
  args: string[],
  refusal: string,
  okCodes = [0],
): Promise<string> {
  const r = await runInJob(run, command, args);
  if (r.code === null) throw new EngineError(`${command} was killed (${r.signal})`);
  if (!okCodes.includes(r.code)) {
    throw new AppError('unsupported_format', refusal, { cause: new Error(r.stderrTail.trim().slice(-500)) });
  }
  return r.stdout;
}

export type PdfInfo = { pages: number; encrypted: boolean };

/** Page count and encryption from pdfinfo; refuses page counts and page sizes beyond our limits. */
export async function inspectPdf(run: Run, file: string): Promise<PdfInfo> {
  const out = await runPdfTool(
    run,
    'pdfinfo',
    ['-l', String(PAGE_LIMITS.document), file],
    'The PDF could not be read.',
  );
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? NaN);
  if (!Number.isInteger(pages) || pages < 1) throw new AppError('unsupported_format', 'The PDF has no pages.');
  if (pages > PAGE_LIMITS.document)
    throw new AppError('unsupported_format', `The PDF has too many pages (${pages}; limit ${PAGE_LIMITS.document}).`);
  for (const m of out.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+)/gm)) {
    if (Number(m[1]) > PAGE_LIMITS.sidePoints || Number(m[2]) > PAGE_LIMITS.sidePoints) {
      throw new AppError('unsupported_format', `A page of the PDF is too large (${m[1]} × ${m[2]} pt).`);
    }
  }
  return { pages, encrypted: /^Encrypted:\s+yes/m.test(out) };
}

/** qpdf's exit code 3 means "done, with warnings" (common with slightly broken PDFs). */
export const QPDF_OK = [0, 3];
