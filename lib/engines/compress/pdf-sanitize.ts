import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { QPDF_OK, runPdfTool } from './pdf-tools';

// Active content out of an untrusted PDF before we hand a PDF derived from it back: document and
// page JavaScript, actions run on open or on events (/OpenAction, /AA), links that launch a
// program or open another file (/Launch, /GoToR, /GoToE), form submission and data import, and
// attached files. Pages, their content, fonts, images and plain /URI links stay as they are.
// Ghostscript's pdfwrite is not enough: it drops document JavaScript but copies link actions
// (Launch, GoToR, JavaScript) to its output (tested in tests/hostile-pdf.integration.test.ts).
//
// How: qpdf dumps the object graph as JSON without stream data (a compressed bomb stays
// compressed), we edit the dictionaries here, and qpdf applies only the changed objects with
// --update-from-json and --stream-data=preserve (no stream is decoded or re-encoded). Both qpdf
// runs are sandboxed like every other PDF tool run.

/** Action types that run code, start programs, reach other files or send data. */
const ACTIVE_ACTIONS = new Set([
  '/JavaScript',
  '/Launch',
  '/GoToR',
  '/GoToE',
  '/ImportData',
  '/SubmitForm',
  '/RichMediaExecute',
  '/Rendition',
  '/Sound',
  '/Movie',
]);
/** Keys removed wherever they appear: event actions, scripts, embedded files, XFA forms. */
const DROPPED_KEYS = new Set(['/AA', '/OpenAction', '/JS', '/JavaScript', '/EmbeddedFiles', '/EF', '/XFA']);
/** Annotations that carry or play content: removed from the page. */
const ACTIVE_ANNOTATIONS = new Set(['/FileAttachment', '/Sound', '/Movie', '/Screen', '/RichMedia']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Dict = { [key: string]: Json };
type QpdfObject = { value?: Json; stream?: { dict: Dict } };

const isDict = (v: Json | undefined): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
const isActive = (d: Dict) =>
  (typeof d['/S'] === 'string' && ACTIVE_ACTIONS.has(d['/S'])) ||
  (typeof d['/Subtype'] === 'string' && ACTIVE_ANNOTATIONS.has(d['/Subtype']));

/** Removes active content from `value` in place; `dead` holds references to active objects. */
function clean(value: Json, dead: Set<string>): boolean {
  let changed = false;
  const gone = (v: Json) => (typeof v === 'string' && dead.has(v)) || (isDict(v) && isActive(v));
  if (Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      if (gone(value[i])) {
        value.splice(i, 1);
        changed = true;
      } else if (clean(value[i], dead)) changed = true;
    }
  } else if (isDict(value)) {
    for (const key of Object.keys(value)) {
      if (DROPPED_KEYS.has(key) || gone(value[key])) {
        delete value[key];
        changed = true;
      } else if (clean(value[key], dead)) changed = true;
    }
  }
  return changed;
}

/** The objects (and trailer) that change; active objects themselves become null. */
export function sanitizeObjects(objects: Record<string, QpdfObject>): Record<string, QpdfObject> {
  const dead = new Set<string>();
  for (const [key, obj] of Object.entries(objects)) {
    const dict = obj.stream ? obj.stream.dict : obj.value;
    if (key.startsWith('obj:') && isDict(dict) && isActive(dict)) dead.add(key.slice(4));
  }
  const changed: Record<string, QpdfObject> = {};
  for (const [key, obj] of Object.entries(objects)) {
    if (dead.has(key.slice(4))) changed[key] = { value: null };
    else if (obj.stream ? clean(obj.stream.dict, dead) : clean(obj.value ?? null, dead)) changed[key] = obj;
  }
  return changed;
}

type Run = { workDir: string; signal: AbortSignal };

/** Rewrites `file` without active content (unchanged when it has none). */
export async function sanitizePdf(run: Run, file: string): Promise<void> {
  const dump = path.join(run.workDir, 'sanitize-in.json');
  const update = path.join(run.workDir, 'sanitize-update.json');
  const out = path.join(run.workDir, 'sanitized.pdf');
  const refusal = 'The PDF could not be read.';
  try {
    await runPdfTool(
      run,
      'qpdf',
      ['--json-output', '--json-stream-data=none', '--json-key=qpdf', file, dump],
      refusal,
      QPDF_OK,
    );
    const [header, objects] = (JSON.parse(await readFile(dump, 'utf8')) as { qpdf: [Json, Record<string, QpdfObject>] })
      .qpdf;
    const changed = sanitizeObjects(objects);
    if (Object.keys(changed).length === 0) return;
    await writeFile(update, JSON.stringify({ qpdf: [header, changed] }));
    await runPdfTool(
      run,
      'qpdf',
      ['--stream-data=preserve', file, `--update-from-json=${update}`, out],
      refusal,
      QPDF_OK,
    );
    await rename(out, file);
  } finally {
    await Promise.all([dump, update, out].map((f) => rm(f, { force: true })));
  }
}
