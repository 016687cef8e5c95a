// Helpers of the merge tests: the multipart request of POST /api/v1/merge, PDFs of known text,
// and readers of a merged PDF, page by page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as merge from '@/app/api/v1/merge/route';
import { buildPdf } from '@/tests/fixtures/hostile-pdf';
import type { RouteClient } from '@/tests/support/route-client';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'merge-'));

/** A multipart merge request: each file as a `files` part in order, then the fields given. */
export function mergeForm(files: Array<[name: string, bytes: Buffer]>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ target_format: 'pdf', ...fields })) form.append(key, value);
  for (const [name, bytes] of files) form.append('files', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

export const postMerge = (client: RouteClient, form: FormData) =>
  client.call(merge.POST, { method: 'POST', path: '/api/v1/merge', body: form });

/** A PDF of one page per line of text (Helvetica, US Letter). */
export function textPdf(pages: string[]): Buffer {
  const first = 4; // objects 1–3: catalog, page tree, font; then a page and its content per page
  const kids = pages.map((_, i) => `${first + 2 * i} 0 R`).join(' ');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((text, i) => {
      const content = Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`);
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${first + 2 * i + 1} 0 R ` +
          '/Resources << /Font << /F1 3 0 R >> >> >>',
        Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
      ];
    }),
  ]);
}

function saved(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** The number of pages of a PDF (pdfinfo). */
export function pageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [saved(pdf)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** Each page's text (pdftotext), whitespace collapsed. */
export function pageTexts(pdf: Buffer): string[] {
  const file = saved(pdf);
  return Array.from({ length: pageCount(pdf) }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The pictures on one page (pdfimages -list): their pixel sizes. */
export function pagePictures(pdf: Buffer, page: number): Array<{ width: number; height: number }> {
  const list = execFileSync('pdfimages', ['-list', '-f', String(page), '-l', String(page), saved(pdf)], {
    encoding: 'utf8',
  });
  return list
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/))
    .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]) }));
}

/** What PDF/A-2b shows in a PDF's structure: the XMP's claim, every font embedded, an output intent. */
export function pdfaFacts(pdf: Buffer) {
  const file = saved(pdf);
  const xmp = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
  const claim = (name: string) => new RegExp(`pdfaid:${name}(?:>|=["'])(\\w+)`).exec(xmp)?.[1];
  // pdffonts: a header, a rule, then one line per font; its `emb` column says whether it is embedded.
  const [header, , ...fonts] = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trimEnd().split('\n');
  const emb = header.indexOf('emb');
  const catalog = execFileSync('qpdf', ['--show-object=trailer', file], { encoding: 'utf8' });
  const root = /\/Root (\d+ \d+) R/.exec(catalog)?.[1] ?? '';
  const rootObject = execFileSync('qpdf', [`--show-object=${root.replace(' ', ',')}`, file], { encoding: 'utf8' });
  return {
    part: claim('part'),
    conformance: claim('conformance'),
    fontsEmbedded: fonts.map((line) => line.slice(emb, emb + 3) === 'yes'),
    outputIntent: rootObject.includes('/OutputIntents'),
  };
}
