import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { pandocEngine } from './pandoc-engine';

// Documents to Markdown with real pandoc: the pictures come back beside the text (a ZIP of the
// `.md` and its media folder, every link naming an entry), tables are pipe tables, and no metadata
// block is added that the source did not have.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

const CELLS = [
  ['Name', 'Count', 'Colour'],
  ['Apple', '3', 'Red'],
];
let picture: Buffer;
let source: string;
beforeAll(async () => {
  picture = await sharp({ create: { width: 7, height: 5, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
  source = [
    '# Quarterly Heading',
    'Intro paragraph.',
    `| ${CELLS[0].join(' | ')} |\n|---|---|---|\n| ${CELLS[1].join(' | ')} |`,
    `![A red box](data:image/png;base64,${picture.toString('base64')})`,
  ].join('\n\n');
});

/** A sample written by pandoc itself from the Markdown above (a DOCX, ODT or EPUB with the picture inside). */
function sampleOf(format: string): Buffer {
  return execFileSync('pandoc', ['-f', 'markdown', '-t', format, '-o', '-'], { input: source, maxBuffer: 1 << 26 });
}

async function convert(input: Buffer, from: FormatName, to: FormatName) {
  const job = await makeJob(input, from, to);
  jobs.push(job);
  const result = await pandocEngine.convert(job);
  return { job, result, output: await readFile(job.outputPath) };
}

/** The entries of the ZIP result: name → bytes (folders left out). */
function entriesOf(job: TestJob): Map<string, Buffer> {
  execFileSync('unzip', ['-tq', job.outputPath]);
  const names = execFileSync('zipinfo', ['-1', job.outputPath], { encoding: 'utf8' }).trim().split('\n');
  return new Map(
    names.filter((n) => !n.endsWith('/')).map((n) => [n, execFileSync('unzip', ['-p', job.outputPath, n])]),
  );
}

/** Every picture or link target the Markdown names: `](…)` and HTML `src="…"`. */
const targetsOf = (md: string) => [...md.matchAll(/\]\(<?([^)\s>]+)|src="([^"]+)"/g)].map((m) => m[1] ?? m[2]);

function expectPipeTable(md: string) {
  expect(md).toMatch(/^\|\s*Name\s*\|\s*Count\s*\|\s*Colour\s*\|$/m);
  expect(md).toMatch(/^\|[-:| ]+\|$/m);
  expect(md).toMatch(/^\|\s*Apple\s*\|\s*3\s*\|\s*Red\s*\|$/m);
}

/** The result is a ZIP of `document.md` and the picture, every link in the text naming an entry. */
async function expectBundle(job: TestJob, result: unknown): Promise<string> {
  expect(result).toEqual({ parts: 2 });
  const entries = entriesOf(job);
  expect([...entries.keys()].sort()).toEqual(['document.md', 'media/image1.png']);
  const md = entries.get('document.md')!.toString('utf8');
  const targets = targetsOf(md);
  expect(targets).toContain('media/image1.png');
  for (const t of targets.filter((t) => !/^https?:/.test(t))) expect(entries.has(t), t).toBe(true);
  const png = entries.get('media/image1.png')!;
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 7, height: 5 });
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, 3)]).toEqual([200, 30, 40]);
  expect(md).not.toContain(job.workDir);
  return md;
}

describe('DOCX → Markdown', () => {
  it('comes back as a ZIP of the text and its picture, with a pipe table and no metadata block', async () => {
    const { job, result } = await convert(sampleOf('docx'), 'docx', 'md');
    const md = await expectBundle(job, result);
    expect(md).toMatch(/^# Quarterly Heading$/m);
    expect(md.indexOf('Quarterly Heading')).toBeLessThan(md.indexOf('Intro paragraph.'));
    expectPipeTable(md);
    expect(md.trimStart().startsWith('---')).toBe(false);
    expect(md).not.toMatch(/pagetitle|\{[#.=]|\{width=/);
  });

  it.each(['gfm', 'commonmark', 'markua'] as const)(
    'to %s likewise: the picture in the ZIP, the cells kept',
    async (to) => {
      const { job, result } = await convert(sampleOf('docx'), 'docx', to);
      const md = await expectBundle(job, result);
      expect(md.trimStart().startsWith('---')).toBe(false);
      // CommonMark has no tables: pandoc writes the HTML table, which CommonMark viewers show.
      if (to === 'commonmark')
        for (const cell of CELLS.flat()) expect(md).toMatch(new RegExp(`<t[hd]>${cell}</t[hd]>`));
      else expectPipeTable(md);
    },
  );

  it('a document without pictures stays one Markdown file', async () => {
    const doc = execFileSync('pandoc', ['-f', 'markdown', '-t', 'docx', '-o', '-'], {
      input: '# Only text\n\nBody.\n',
    });
    const { result, output } = await convert(doc, 'docx', 'md');
    expect(result).toBeUndefined();
    expect(output.toString('utf8')).toBe('# Only text\n\nBody.\n');
  });
});

describe('other containers → Markdown', () => {
  it.each([
    ['odt', 'odt'],
    ['epub', 'epub3'],
  ] as const)('%s: the picture inside comes out into the ZIP', async (from, writer) => {
    const { job, result } = await convert(sampleOf(writer), from, 'md');
    const md = await expectBundle(job, result);
    // pandoc 2.17's ODT reader drops a table's header row; the body row is a pipe table row.
    expect(md).toMatch(/^\|\s*Apple\s*\|\s*3\s*\|\s*Red\s*\|$/m);
    expect(md).toMatch(/^\|[-:| ]+\|$/m);
    expect(md).not.toMatch(/\{[#.=]/);
  });
});

describe('HTML → Markdown', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
    return () => new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const html = (head: string, remote: string) =>
    `<html><head>${head}</head><body><h1>Web Heading</h1><table><tr><th>Name</th><th>Count</th><th>Colour</th></tr>` +
    `<tr><td>Apple</td><td>3</td><td>Red</td></tr></table>` +
    `<p><img src="data:image/png;base64,${picture.toString('base64')}" alt="A red box"></p>${remote}</body></html>`;

  it('a data: URI picture becomes a file of the ZIP; a remote one stays a link, never fetched', async () => {
    const remote = `http://127.0.0.1:${port}/remote.png`;
    const { job, result } = await convert(
      Buffer.from(html('', `<p><img src="${remote}" alt="far"></p>`)),
      'html',
      'md',
    );
    const md = await expectBundle(job, result);
    expect(entriesOf(job).get('media/image1.png')).toEqual(picture);
    expectPipeTable(md);
    expect(md).not.toContain('data:');
    expect(targetsOf(md)).toContain(remote);
    expect(connections).toBe(0);
    expect(md.trimStart().startsWith('---')).toBe(false);
  });

  it("keeps the page's own title as the only metadata", async () => {
    const { job, result } = await convert(Buffer.from(html('<title>Own Title</title>', '')), 'html', 'gfm');
    const md = await expectBundle(job, result);
    expect(md).toMatch(/^---\ntitle: Own Title\n---\n/);
  });
});

describe('Markdown → Markdown', () => {
  it('an image naming a file of the machine is neither read nor packed; no metadata is added', async () => {
    const { result, output } = await convert(Buffer.from('# Hi\n\n![x](/etc/os-release)\n'), 'md', 'gfm');
    expect(result).toBeUndefined();
    const md = output.toString('utf8');
    expect(md.startsWith('# Hi\n')).toBe(true);
    expect(targetsOf(md)).toEqual(['/etc/os-release']);
    expect(md).not.toMatch(/PRETTY_NAME/);
  });

  it('the same picture shown twice is one file', async () => {
    const uri = `data:image/png;base64,${picture.toString('base64')}`;
    const { job, result } = await convert(Buffer.from(`# Twice\n\n![a](${uri})\n\n![b](${uri})\n`), 'md', 'md');
    const md = await expectBundle(job, result);
    expect(targetsOf(md)).toEqual(['media/image1.png', 'media/image1.png']);
  });
});
