import { rename } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { runInJob } from '../sandbox/run-in-job';
import { assertOutput, runTool } from '../sandbox/run-tool';
import { EngineError } from '../sandbox/sandbox';
import type { EngineJob } from '../types';

// PDF → one self-contained HTML page (poppler's pdftohtml): the text in reading order, page after
// page, and each picture as a data: URI (-dataurls: pdftohtml writes no picture files). pdftohtml
// titles the page with the PDF's Title, or else with the name it writes to, and links within the
// document to that name: it writes `Document.html` in the job folder (the run's working folder),
// so the title is the PDF's own or "Document", never a path, and the links become `#page`.

/** The page with every picture inlined; a larger one is refused, not half written. */
const HTML_LIMIT_BYTES = 512 * 1024 ** 2;

const NAME = 'Document';

export async function pdfToHtml(job: EngineJob): Promise<void> {
  const page = path.join(job.workDir, `${NAME}.html`);
  const r = await runInJob(job, 'pdftohtml', ['-noframes', '-dataurls', '-enc', 'UTF-8', '-q', job.inputPath, NAME], {
    fileSizeLimitBytes: HTML_LIMIT_BYTES,
  });
  // Past the size cap pdftohtml dies with SIGXFSZ (exit 128 + 25 through prlimit).
  if (r.signal === 'SIGXFSZ' || r.code === 153)
    throw new AppError(
      'unsupported_format',
      `The PDF's pictures make an HTML page larger than ${HTML_LIMIT_BYTES / 1024 ** 2} MB.`,
    );
  if (r.code !== 0) throw new EngineError(`pdftohtml failed (exit ${r.code ?? r.signal}): ${r.stderrTail.trim()}`);
  await assertOutput(page, 'pdftohtml');
  await runTool(job, 'sed', ['-i', `s/href="${NAME}\\.html#/href="#/g`, page]);
  await rename(page, job.outputPath);
}
