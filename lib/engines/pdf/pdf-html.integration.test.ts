import { readFile } from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';

// PDF → HTML with real poppler: one self-contained page, the text in order, each picture inside as
// a data: URI, titled with the PDF's own Title or "Document", and never a path of the server.
// The samples are written by LibreOffice from HTML (one office instance, stopped at the end).
vi.hoisted(() => {
  process.env.LIBREOFFICE_POOL_SIZE = '1';
});
const { libreofficeEngine, shutdownLibreOffice } = await import('../libreoffice/libreoffice-engine');
const { popplerEngine } = await import('./pdf-engine');

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
afterAll(() => shutdownLibreOffice());

let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
});

/** A two-page PDF: a heading, a paragraph with a link to page 2, the picture, then page 2's text. */
async function samplePdf(title: string): Promise<Buffer> {
  const html =
    `<html><head>${title}</head><body><h1>Report Heading</h1><p>First paragraph, <a href="#two">see page two</a>.</p>` +
    `<p><img src="data:image/png;base64,${picture.toString('base64')}" alt="box"></p>` +
    '<h2 id="two" style="page-break-before: always"><a name="two"></a>Second page</h2><p>Closing words.</p></body></html>';
  const job = await makeJob(Buffer.from(html), 'html', 'pdf');
  jobs.push(job);
  await libreofficeEngine.convert(job);
  return readFile(job.outputPath);
}

async function toHtml(pdf: Buffer) {
  const job = await makeJob(pdf, 'pdf', 'html');
  jobs.push(job);
  expect(await popplerEngine.convert(job)).toBeUndefined();
  return { job, html: await readFile(job.outputPath, 'utf8') };
}

/** The page's text, tags removed and entities of spaces read as spaces. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#160;|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

function expectInOrder(text: string, words: readonly string[]) {
  let at = -1;
  for (const w of words) {
    const found = text.indexOf(w, at + 1);
    expect(found, `"${w}" after position ${at}`).toBeGreaterThan(at);
    at = found;
  }
}

describe('PDF → HTML', () => {
  it('keeps the text in order and the picture inside, and names no path of the server', async () => {
    const { job, html } = await toHtml(await samplePdf(''));
    expectInOrder(textOf(html), ['Report Heading', 'First paragraph', 'see page two', 'Second page', 'Closing words.']);

    const pictures = [...html.matchAll(/src="data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)"/g)];
    expect(pictures).toHaveLength(1);
    const decoded = Buffer.from(pictures[0][2], 'base64');
    expect(await sharp(decoded).metadata()).toMatchObject({ width: 40, height: 30 });
    const { data } = await sharp(decoded).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].map((v) => Math.round(v / 10))).toEqual([20, 3, 4]);

    // A PDF without a Title: a neutral one, not the name or folder pdftohtml wrote to.
    expect(html).toMatch(/<title>Document<\/title>/);
    expect(html).not.toContain(job.workDir);
    expect(html).not.toContain(os.tmpdir());
    expect(html).not.toContain('/tmp');
    // Links within the document point into the page itself.
    expect(html).toContain('href="#2"');
    expect(html).not.toMatch(/href="[^"#]+\.html/);
  });

  it("titles the page with the PDF's own Title", async () => {
    const { job, html } = await toHtml(await samplePdf('<title>Known Title</title>'));
    expect(html).toMatch(/<title>Known Title<\/title>/);
    expect(html).toMatch(/src="data:image\//);
    expect(html).not.toContain(job.workDir);
  });
});
