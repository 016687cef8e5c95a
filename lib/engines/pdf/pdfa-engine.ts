import path from 'node:path';
import { AppError } from '@/lib/errors';
import { sanitizePdf } from '../compress/pdf-sanitize';
import { inspectPdf } from '../compress/pdf-tools';
import { writePdfA } from './pdfa';
import { pdfOutputOptions } from './pdfa-option';
import type { Engine, EngineJob } from '../types';

// PDF → PDF, offered only with `pdfa: true` (without it nothing would change): the PDF made
// PDF/A-2b. Its active content (scripts, launch actions, attachments) is taken out first, as for a
// compressed PDF: Ghostscript copies link actions to what it writes.

async function inspect(job: Pick<EngineJob, 'inputPath' | 'signal'>): Promise<void> {
  const info = await inspectPdf({ workDir: path.dirname(job.inputPath), signal: job.signal }, job.inputPath);
  if (info.encrypted) throw new AppError('unsupported_format', 'The PDF is encrypted: remove its password first.');
}

async function convert(job: EngineJob): Promise<void> {
  await sanitizePdf(job, job.inputPath);
  job.onProgress(20);
  await writePdfA(job, job.inputPath, job.outputPath);
  job.onProgress(100);
}

export const pdfaEngine: Engine = {
  name: 'pdfa',
  requires: ['gs', 'qpdf', 'pdfinfo'],
  conversions: [{ from: ['pdf'], to: ['pdf'], onlyWith: 'pdfa' }],
  options: pdfOutputOptions,
  writesPdfA: true,
  inspect,
  convert,
};
