import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runInJob, type JobFolder } from '../sandbox/run-in-job';
import { EngineError } from '../sandbox/sandbox';
import { OUR_FILE_NAME, scrubUtf8 } from './server-traces';

// A PDF's document information (Title, Author, Creator…) and its XMP cleaned of server traces:
// engines name a PDF after the file they read (fig2dev: its input's path; calibre: `input`). Each
// text is passed through the scrubber of ./server-traces.ts, and a title left empty or naming our
// own files is removed, from the Info dictionary and the XMP alike (PDF/A wants them to agree).
// qpdf reads the few objects concerned as JSON and, only when one changes, writes them back with
// --update-from-json (the PDF's bytes are never edited in place: its offsets would break). Every
// qpdf run is sandboxed like the engines'.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Dict = { [key: string]: Json };
type QpdfObject = { value?: Json; stream?: { dict: Dict; data?: string } };

/** The XMP a PDF of ours may carry, as JSON with its data; a larger one is no engine's and is left. */
const METADATA_JSON_LIMIT = 16 * 1024 * 1024;

/** What a stream's dictionary says of its encoded bytes. */
const ENCODING_KEYS = new Set(['/Filter', '/DecodeParms', '/Length']);

const isDict = (v: Json | undefined): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An indirect reference as qpdf writes it (`"12 0 R"`), as the object selector `12 0`. */
const refOf = (v: Json | undefined) => (typeof v === 'string' ? /^(\d+ \d+) R$/.exec(v)?.[1] : undefined);

/** The objects `selectors` name (`trailer`, `12 0`), by their JSON keys; null when qpdf cannot write them. */
async function readObjects(
  job: JobFolder,
  pdf: string,
  selectors: string[],
  withData = false,
): Promise<Record<string, QpdfObject> | null> {
  const out = path.join(job.workDir, 'pdf-metadata.json');
  const data = withData ? ['--json-stream-data=inline', '--decode-level=generalized'] : ['--json-stream-data=none'];
  try {
    const objects = selectors.map((s) => `--json-object=${s}`);
    const run = await runInJob(job, 'qpdf', ['--json-output', ...data, ...objects, pdf, out], {
      fileSizeLimitBytes: METADATA_JSON_LIMIT,
    });
    // 3: written, with warnings. A kill at the size limit (SIGXFSZ) is a metadata stream too large to be ours.
    if (run.code !== 0 && run.code !== 3) return null;
    return (JSON.parse(await readFile(out, 'utf8')) as { qpdf: [Json, Record<string, QpdfObject>] }).qpdf[1];
  } finally {
    await rm(out, { force: true });
  }
}

/** Info's strings without traces; `u:` is qpdf's prefix for text. */
function cleanInfo(info: Dict, scrub: (text: string) => string): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(info)) {
    if (typeof value !== 'string' || !value.startsWith('u:')) continue;
    const text = scrubUtf8(value.slice(2), scrub);
    if (text.trim() === '' || (key === '/Title' && OUR_FILE_NAME.test(text.trim()))) delete info[key];
    else if (text !== value.slice(2)) info[key] = `u:${text}`;
    else continue;
    changed = true;
  }
  return changed;
}

const DC_TITLE = /<dc:title>\s*<rdf:Alt>\s*<rdf:li[^>]*>([^<]*)<\/rdf:li>\s*<\/rdf:Alt>\s*<\/dc:title>/g;

/** XMP without traces, and without a dc:title left empty or naming our files. */
function cleanXmp(xmp: string, scrub: (t: string) => string): string {
  return scrubUtf8(xmp, scrub).replace(DC_TITLE, (all, title: string) =>
    title.trim() === '' || OUR_FILE_NAME.test(title.trim()) ? '' : all,
  );
}

/** Removes traces from `pdf`'s Info dictionary and XMP; resolves with whether it changed the file. */
export async function cleanPdfMetadata(job: JobFolder, pdf: string, scrub: (text: string) => string): Promise<boolean> {
  const trailer = (await readObjects(job, pdf, ['trailer']))?.trailer?.value;
  if (!isDict(trailer)) return false;
  const infoRef = refOf(trailer['/Info']);
  const rootRef = refOf(trailer['/Root']);
  const found =
    (await readObjects(
      job,
      pdf,
      [infoRef, rootRef].filter((r) => r !== undefined),
    )) ?? {};
  const changed: Record<string, QpdfObject> = {};

  const info = infoRef ? found[`obj:${infoRef} R`]?.value : trailer['/Info'];
  if (isDict(info) && cleanInfo(info, scrub)) {
    if (infoRef) changed[`obj:${infoRef} R`] = { value: info };
    else changed.trailer = { value: trailer };
  }
  const root = rootRef ? found[`obj:${rootRef} R`]?.value : undefined;
  const xmpRef = isDict(root) ? refOf(root['/Metadata']) : undefined;
  const stream = xmpRef ? (await readObjects(job, pdf, [xmpRef], true))?.[`obj:${xmpRef} R`]?.stream : undefined;
  if (stream?.data !== undefined) {
    const xmp = Buffer.from(stream.data, 'base64').toString('utf8');
    const clean = cleanXmp(xmp, scrub);
    if (clean !== xmp) {
      // The data given is decoded: the dictionary must no longer name its filters.
      const dict = Object.fromEntries(Object.entries(stream.dict).filter(([k]) => !ENCODING_KEYS.has(k)));
      changed[`obj:${xmpRef} R`] = { stream: { dict, data: Buffer.from(clean, 'utf8').toString('base64') } };
    }
  }
  if (Object.keys(changed).length === 0) return false;
  await rewrite(job, pdf, changed);
  return true;
}

async function rewrite(job: JobFolder, pdf: string, changed: Record<string, QpdfObject>): Promise<void> {
  const update = path.join(job.workDir, 'pdf-metadata-update.json');
  const out = path.join(job.workDir, 'pdf-metadata.pdf');
  try {
    await writeFile(update, JSON.stringify({ qpdf: [{ jsonversion: 2 }, changed] }));
    const run = await runInJob(job, 'qpdf', ['--stream-data=preserve', pdf, `--update-from-json=${update}`, out]);
    if (run.code !== 0 && run.code !== 3)
      throw new EngineError(`qpdf could not rewrite the PDF's metadata: ${run.stderrTail.trim()}`);
    await rename(out, pdf);
  } finally {
    await Promise.all([update, out].map((f) => rm(f, { force: true })));
  }
}
