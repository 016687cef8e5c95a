import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { assertSafeZip } from '../archive/zip-guard';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { pdfOutputOptions } from '../pdf/pdfa-option';

// calibre's ebook-convert between e-book formats. It picks its reader and writer by the file
// extension, and the job's files are named after the content-checked format (input.<ext>,
// output.<ext>), so the format is forced, never guessed. Zipped inputs pass the zip-bomb check
// first; the rest unpack inside the sandbox under its memory and file-size caps. ebook-convert
// needs no network (the sandbox has none) and keeps its settings in the job folder (HOME).
// One run costs ~1.5 s of start-up (Python, Qt), about as long as a small book's conversion:
// not pooled, since a warm calibre would have to run untrusted books in one long-lived process.

/** The Kindle formats: read and written, to and from the common reading formats. */
const KINDLE = ['mobi', 'azw3'] as const satisfies readonly FormatName[];
const KINDLE_OUT = ['epub', 'mobi', 'azw3', 'pdf', 'docx', 'txt'] as const satisfies readonly FormatName[];
/** Older e-book formats only calibre reads here (its SNB reader fails on its own SNB files: write only). */
const LEGACY_EBOOKS = [
  'lit',
  'lrf',
  'pdb',
  'pml',
  'pmlz',
  'rb',
  'tcr',
  'txtz',
  'htmlz',
  'fbz',
] as const satisfies readonly FormatName[];
/** What people turn those into: a book their reader opens, a PDF, the text. */
const LEGACY_EBOOKS_OUT = ['epub', 'pdf', 'txt'] as const satisfies readonly FormatName[];
/** Formats only calibre writes here, from an EPUB. */
const EBOOK_OUT = [
  'lit',
  'lrf',
  'pdb',
  'pmlz',
  'rb',
  'snb',
  'tcr',
  'txtz',
  'htmlz',
] as const satisfies readonly FormatName[];

/** Inputs that are ZIP packages (calibre unpacks them): checked against the zip-bomb limits first. */
const ZIPPED = new Set<FormatName>(['epub', 'docx', 'odt', 'txtz', 'htmlz', 'pmlz', 'fbz']);

/** Largest file ebook-convert may write (a book's images included). */
const FILE_LIMIT = 1024 ** 3;
/**
 * The PDF writer is Chromium (Qt WebEngine), which reserves tens of GB of address space at start:
 * RLIMIT_AS cannot cap it below that, so its cap is only a backstop. Its own sandbox cannot start
 * inside ours (no user namespaces left): it is off, ours holds it.
 */
const PDF_SANDBOX = { memoryLimitBytes: 64 * 1024 ** 3, env: { QTWEBENGINE_DISABLE_SANDBOX: '1' } };

async function inspect(job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>): Promise<void> {
  if (ZIPPED.has(job.inputFormat)) await assertSafeZip(job.inputPath);
}

async function convert(job: EngineJob): Promise<void> {
  const pdf = job.targetFormat === 'pdf';
  await runTool(job, 'ebook-convert', [job.inputPath, job.outputPath], {
    fileSizeLimitBytes: FILE_LIMIT,
    ...(pdf ? PDF_SANDBOX : {}),
  });
  await assertOutput(job.outputPath, 'ebook-convert');
}

export const calibreEngine: Engine = {
  name: 'calibre',
  requires: ['ebook-convert'],
  conversions: [
    { from: KINDLE, to: KINDLE_OUT },
    { from: LEGACY_EBOOKS, to: LEGACY_EBOOKS_OUT },
    { from: ['epub'], to: [...KINDLE, ...EBOOK_OUT, 'pdf'] },
    // Documents for a Kindle (pandoc already writes their EPUB); a PDF's text reflowed.
    { from: ['fb2', 'docx', 'odt', 'rtf', 'html', 'txt', 'md'], to: KINDLE },
    { from: ['pdf'], to: ['epub', ...KINDLE] },
    { from: ['fb2'], to: ['pdf'] },
  ],
  options: pdfOutputOptions,
  inspect,
  convert,
};
