import { execFileSync } from 'node:child_process';
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';

// Markup → PDF with real pandoc and LibreOffice: headings, lists, tables (with their borders),
// code (in a monospace font) and pictures are kept. One office instance, stopped at the end.
vi.hoisted(() => {
  process.env.LIBREOFFICE_POOL_SIZE = '1';
});
const { findEngine, listFormats } = await import('../registry');
const { pandocEngine } = await import('./pandoc-engine');
const { shutdownLibreOffice } = await import('../libreoffice/libreoffice-engine');

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

const MARKDOWN = () =>
  [
    '# Quarterly Heading',
    '- first item\n- second item',
    '| Name | Count | Colour |\n|---|---|---|\n| Apple | 3 | Red |',
    '```\nlet answer = 42;\n```',
    `![A red box](data:image/png;base64,${picture.toString('base64')})`,
  ].join('\n\n');

async function toPdf(input: string, from: FormatName) {
  const job = await makeJob(Buffer.from(input), from, 'pdf');
  jobs.push(job);
  await pandocEngine.convert(job);
  const run = (tool: string, ...args: string[]) => execFileSync(tool, [...args, job.outputPath], { encoding: 'utf8' });
  return { job, text: execFileSync('pdftotext', [job.outputPath, '-'], { encoding: 'utf8' }), run };
}

/** The words appear in this order. */
function expectInOrder(text: string, words: readonly string[]) {
  let at = -1;
  for (const w of words) {
    const found = text.indexOf(w, at + 1);
    expect(found, `"${w}" after position ${at}`).toBeGreaterThan(at);
    at = found;
  }
}

/** Horizontal rules drawn on page 1: rows of the rendered page dark across at least `width` pixels. */
async function horizontalRules(pdf: string, width: number): Promise<number> {
  const png = execFileSync('pdftoppm', ['-png', '-r', '72', '-gray', '-f', '1', '-l', '1', '-singlefile', pdf]);
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let rules = 0;
  let previous = false;
  for (let y = 0; y < info.height; y++) {
    let run = 0;
    let longest = 0;
    for (let x = 0; x < info.width; x++) {
      run = data[(y * info.width + x) * info.channels] < 200 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    const rule = longest >= width;
    if (rule && !previous) rules++;
    previous = rule;
  }
  return rules;
}

describe('Markdown → PDF', () => {
  it('keeps the heading, list, table with borders, code in a monospace font and the picture', async () => {
    const { job, text, run } = await toPdf(MARKDOWN(), 'md');
    expectInOrder(text, [
      'Quarterly Heading',
      'first item',
      'second item',
      'Name',
      'Count',
      'Colour',
      'Apple',
      '3',
      'Red',
      'let answer = 42;',
    ]);
    const images = run('pdfimages', '-list').trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+40\s+30\s/);
    expect(run('pdffonts')).toMatch(/Mono|Courier/);
    // The table's two rows have cell borders: at least three horizontal rules across its columns.
    expect(await horizontalRules(job.outputPath, 60)).toBeGreaterThanOrEqual(3);
    const info = run('pdfinfo');
    expect(info).not.toMatch(/^Title:/m); // the document has none; no file name stands in for it
    expect(info).not.toContain(job.workDir);
    expect(info).not.toMatch(/\/tmp/);
  });

  it("uses the document's own title, and fetches no picture it only names", async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const md = `---\ntitle: Own Title\n---\n\nBody text.\n\n![far away](http://127.0.0.1:${port}/x.png)\n\n![local](/etc/os-release)\n`;
      const { text, run } = await toPdf(md, 'md');
      expectInOrder(text, ['Own Title', 'Body text.', 'far away', 'local']);
      expect(text).not.toMatch(/PRETTY_NAME/);
      expect(run('pdfimages', '-list').trim().split('\n')).toHaveLength(2); // the header only
      expect(run('pdfinfo')).toMatch(/^Title:\s+Own Title$/m);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it.each([
    ['tex', 'Hello\n\n\\lstinputlisting{/etc/os-release}\n'],
    ['rst', 'Hello\n\n.. include:: /etc/os-release\n'],
    ['org', '* Hello\n\n#+INCLUDE: "/etc/os-release" src sh\n'],
  ] as const)('%s: an include of a file of the machine ends up nowhere in the PDF', async (from, doc) => {
    const { text } = await toPdf(doc, from);
    expect(text).toContain('Hello');
    expect(text).not.toMatch(/PRETTY_NAME/);
  });

  it('reStructuredText likewise: the heading and the table cells, in order', async () => {
    const rst =
      'Report\n======\n\n+------+-------+\n| Name | Count |\n+======+=======+\n| Pear | 5     |\n+------+-------+\n';
    const { text } = await toPdf(rst, 'rst');
    expectInOrder(text, ['Report', 'Name', 'Count', 'Pear', '5']);
  });
});

describe('BibTeX → PDF', () => {
  it('lists every entry', async () => {
    const bib =
      '@book{k1, title={Known Book}, author={Doe, Jane}, year={2001}}\n@book{k2, title={Other Work}, author={Roe, Richard}, year={1999}}\n';
    const { text } = await toPdf(bib, 'bibtex');
    expectInOrder(text, ['Doe, Jane', '2001', 'Known Book']);
    expectInOrder(text, ['Roe, Richard', '1999', 'Other Work']);
  });
});

describe('which engine writes PDF from markup', () => {
  it('pandoc serves every format it reads that no other engine turns into PDF, with the pdfa option', () => {
    for (const from of ['md', 'rst', 'org', 'tex', 'mediawiki', 'ipynb', 'bibtex'] as const) {
      expect(findEngine(from, 'pdf')?.name, from).toBe('pandoc');
    }
    for (const from of ['docx', 'odt', 'rtf', 'html', 'txt'] as const)
      expect(findEngine(from, 'pdf')?.name).toBe('libreoffice');
    for (const from of ['epub', 'fb2'] as const) expect(findEngine(from, 'pdf')?.name).toBe('calibre');
    const md = listFormats().find((f) => f.format === 'md')!;
    expect(md.targets).toContain('pdf');
    expect(md.target_options.pdf).toEqual({ schema: 'DocumentOptions', names: ['pdfa'] });
  });
});
