import { readFile, stat, writeFile } from 'node:fs/promises';
import { isUtf8Text } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { cleanPdfMetadata } from './pdf-metadata';
import { writePdfA } from '../pdf/pdfa';
import type { JobFolder } from '../sandbox/run-in-job';
import { serverTraces, traceScrubber } from './server-traces';
import type { Engine, EngineJob } from '../types';

// What every conversion's result goes through after its engine, before it is stored: a PDF asked
// for as PDF/A becomes PDF/A-2b whatever engine wrote it (../pdf/pdfa.ts), and the result keeps no trace
// of the server (./server-traces.ts): text is scrubbed, a PDF's metadata cleaned (./pdf-metadata.ts).
// Other binary results (pictures, media, office packages) are left as written: their engines write
// no path into them, and rewriting their bytes would break their offsets and checksums.

/** Text results up to this size are scrubbed (read whole); a larger one is a data dump, not a page. */
const TEXT_LIMIT = 64 * 1024 * 1024;

/** Runs within the job's engine slot, after `engine.convert`; `parts` as the engine returned it. */
export async function finishOutput(engine: Engine, job: EngineJob, parts?: number): Promise<void> {
  // A ZIP of several parts is made of its engine's files, each written as that engine writes it.
  if (parts !== undefined && parts > 1) return;
  const convert = (engine.tool ?? 'convert') === 'convert';
  if (convert && job.targetFormat === 'pdf' && job.options.pdfa === true && !engine.writesPdfA) {
    await writePdfA(job, job.outputPath);
  }
  await removeServerTraces(job, job.outputPath);
}

/** Removes the server's traces from `file`, a result in the job folder (text, or a PDF's metadata). */
async function removeServerTraces(job: JobFolder, file: string): Promise<void> {
  const head = await readHead(file);
  const scrubber = async () => traceScrubber(await serverTraces(job.workDir)); // not for a picture or media
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') {
    await cleanPdfMetadata(job, file, await scrubber());
  } else if (isUtf8Text(head) && (await stat(file)).size <= TEXT_LIMIT) {
    const text = (await readFile(file)).toString('latin1');
    const clean = (await scrubber())(text);
    if (clean !== text) await writeFile(file, Buffer.from(clean, 'latin1'));
  }
}
