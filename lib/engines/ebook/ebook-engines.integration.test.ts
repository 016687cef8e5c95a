import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { EngineError } from '@/lib/engines/sandbox/sandbox';
import type { FormatName } from '@/lib/formats/catalog';
import { pixelFloodPng } from '@/tests/fixtures/engine-job';
import { jobsRemovedAfterEach } from '@/tests/fixtures/engine-jobs-removed';
import { storedRar } from '@/tests/fixtures/rar';
import { buildZip } from '@/tests/fixtures/zip';
import { calibreEngine } from './calibre-engine';
import { comicEngine } from './comic-engine';
import { djvuEngine } from './djvu-engine';

// The hostile-input rules of the e-book, DjVu and comic engines (the format matrix covers the
// good paths): bombs and floods are refused before a tool decodes them, links and paths leaving
// the folder never reach an output, and a broken book is an engine failure, not a hang.

const job = jobsRemovedAfterEach();

const refused = (p: Promise<unknown>, message: RegExp) =>
  expect(p).rejects.toSatisfy(
    (e) => e instanceof AppError && e.code === 'unsupported_format' && message.test(e.message),
  );

const png = () => execFileSync('/usr/bin/convert', ['-size', '8x8', 'xc:red', 'png:-']);

/** A one-page DjVu made by c44, its INFO chunk then declaring `width`×`height`. */
async function djvu(width?: number, height?: number): Promise<Buffer> {
  const j = await job(Buffer.alloc(0), 'ppm', 'djvu');
  execFileSync('/usr/bin/convert', ['-size', '16x16', 'xc:blue', `ppm:${j.inputPath}`]);
  execFileSync('c44', [j.inputPath, j.outputPath]);
  const file = readFileSync(j.outputPath);
  expect(file.subarray(16, 20).toString('latin1')).toBe('INFO');
  if (width && height) {
    file.writeUInt16BE(width, 24);
    file.writeUInt16BE(height, 26);
  }
  return file;
}

describe('DjVu engine', () => {
  it('refuses a page larger than 100 megapixels before decoding it', async () => {
    const j = await job(await djvu(60_000, 60_000), 'djvu', 'png');
    await refused(djvuEngine.inspect!(j), /larger than 100 megapixels/);
  });

  it('refuses a picture that floods pixels before encoding it', async () => {
    const j = await job(pixelFloodPng(60_000, 60_000), 'png', 'djvu');
    await refused(djvuEngine.inspect!(j), /too large/);
  });

  it('refuses what djvulibre cannot read as a 400', async () => {
    const j = await job(Buffer.from('AT&TFORM\0\0\0\x04DJVU', 'latin1'), 'djvu', 'pdf');
    await refused(djvuEngine.inspect!(j), /could not be read/);
  });

  it('turns a DjVu of several pages into a ZIP of page images', async () => {
    const one = await job(await djvu(), 'djvu', 'djvu');
    const bundle = path.join(one.workDir, 'two.djvu');
    execFileSync('djvm', ['-c', bundle, one.inputPath, one.inputPath]);
    const j = await job(readFileSync(bundle), 'djvu', 'jpg');
    await djvuEngine.inspect!(j);
    expect(await djvuEngine.convert(j)).toEqual({ parts: 2 });
    expect(execFileSync('zipinfo', ['-1', j.outputPath]).toString().trim().split('\n')).toEqual([
      'page-1.jpg',
      'page-2.jpg',
    ]);
  });

  it('converts a checked DjVu', async () => {
    const j = await job(await djvu(), 'djvu', 'png');
    await djvuEngine.inspect!(j);
    await djvuEngine.convert(j);
    expect(readFileSync(j.outputPath).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('comic engine', () => {
  it('refuses a ZIP bomb before unpacking', async () => {
    const bomb = buildZip([{ name: 'page.png', data: png(), declaredSize: 600 * 1024 ** 2 }]);
    const j = await job(bomb, 'cbz', 'pdf');
    await refused(comicEngine.inspect!(j), /expands to more than|corrupt/);
  });

  it('refuses a TAR whose entries leave the folder', async () => {
    const j = await job(Buffer.alloc(0), 'cbt', 'pdf');
    const src = path.join(j.workDir, 'src');
    mkdirSync(src);
    writeFileSync(path.join(src, 'page.png'), png());
    execFileSync('tar', ['-cf', j.inputPath, '-C', src, '--transform', 's,^,../,', 'page.png']);
    await refused(comicEngine.inspect!(j), /outside the archive/);
  });

  /** A comic of one page and a link named like a page, packed by `pack` in `src`. */
  async function withLink(from: FormatName, to: FormatName, pack: (input: string) => string[]) {
    const j = await job(Buffer.alloc(0), from, to);
    const src = path.join(j.workDir, 'src');
    mkdirSync(src);
    writeFileSync(path.join(src, 'page-1.png'), png());
    symlinkSync('/etc/hostname', path.join(src, 'page-2.png'));
    rmSync(j.inputPath);
    const [cmd, ...args] = pack(j.inputPath);
    execFileSync(cmd, [...args, 'page-1.png', 'page-2.png'], { cwd: src });
    return j;
  }

  it.each([
    ['cbz', (input: string) => ['zip', '-q', '-y', input]],
    ['cb7', (input: string) => ['7z', 'a', '-t7z', '-snl', '-bd', input]],
  ] as const)('leaves a link in a %s out of the pages it repacks', async (from, pack) => {
    const j = await withLink(from, 'cbt', pack);
    // Refusing it up front would do too (the archive engine's listing check); passing it, the link is left out.
    const passed = await comicEngine.inspect!(j).then(
      () => true,
      (e: unknown) => (expect(e).toBeInstanceOf(AppError), false),
    );
    if (!passed) return;
    await comicEngine.convert(j);
    const listed = execFileSync('tar', ['-tf', j.outputPath]).toString().trim().split('\n');
    expect(listed.filter((n) => n !== './')).toEqual(['./1.png']);
  });

  it('refuses a page that floods pixels, or is not the image its name says, before img2pdf decodes it', async () => {
    const flood = await job(
      buildZip([
        { name: 'p1.png', data: png() },
        { name: 'p2.png', data: pixelFloodPng(60_000, 60_000) },
      ]),
      'cbz',
      'pdf',
    );
    await comicEngine.inspect!(flood);
    await refused(comicEngine.convert(flood), /too large/);
    const liar = await job(buildZip([{ name: 'p1.jpg', data: png() }]), 'cbz', 'pdf');
    await comicEngine.inspect!(liar);
    await refused(comicEngine.convert(liar), /not a JPG/);
  });

  it('puts WebP pages into the PDF as PNG (img2pdf cannot embed WebP)', async () => {
    const webp = execFileSync('/usr/bin/convert', ['-size', '8x8', 'xc:blue', 'webp:-']);
    const j = await job(
      buildZip([
        { name: 'p1.webp', data: webp },
        { name: 'p2.png', data: png() },
      ]),
      'cbz',
      'pdf',
    );
    await comicEngine.inspect!(j);
    await comicEngine.convert(j);
    expect(execFileSync('pdfinfo', [j.outputPath]).toString()).toMatch(/^Pages:\s+2$/m);
  });

  it('answers 400 for an archive without pages', async () => {
    const j = await job(buildZip([{ name: 'notes.txt', data: Buffer.from('hi') }]), 'cbz', 'pdf');
    await comicEngine.inspect!(j);
    await refused(comicEngine.convert(j), /no page images/);
  });
});

describe('calibre engine', () => {
  it('refuses a zipped e-book bomb before ebook-convert unpacks it', async () => {
    const bomb = buildZip([{ name: 'index.html', data: Buffer.from('<p>x</p>'), declaredSize: 600 * 1024 ** 2 }]);
    const j = await job(bomb, 'htmlz', 'epub');
    await refused(calibreEngine.inspect!(j), /expands to more than|corrupt/);
  });

  it('expands no entity of an XML book: neither a billion laughs nor an outside file', async () => {
    const lol = Array.from({ length: 8 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const fb2 =
      `<?xml version="1.0"?><!DOCTYPE b [<!ENTITY l0 "lol">${lol}<!ENTITY x SYSTEM "file:///usr/lib/os-release">]>` +
      '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info><book-title>T' +
      '</book-title></title-info></description><body><section><p>&l8;</p><p>[&x;]</p></section></body></FictionBook>';
    // Written as text (calibre's own writer) to read back what its FB2 reader made of the entities:
    // it drops a body that uses them (the book comes out empty) instead of expanding them.
    const j = await job(Buffer.from(fb2), 'fb2', 'txt');
    await calibreEngine.convert(j);
    const text = readFileSync(j.outputPath, 'utf8');
    expect(text).not.toMatch(/lol|PRETTY_NAME|Debian/);
  });

  it('fails a broken book as an engine error, inside the sandbox', async () => {
    const mobi = readFileSync(path.join(process.cwd(), 'tests/fixtures/formats/ebook/sample.mobi'));
    const j = await job(Buffer.concat([mobi.subarray(0, 120), Buffer.alloc(4000, 0xff)]), 'mobi', 'epub');
    await calibreEngine.inspect!(j);
    await expect(calibreEngine.convert(j)).rejects.toBeInstanceOf(EngineError);
  });
});

describe('comic engine: RAR', () => {
  const page = { name: 'page.png', data: png() };
  it.each([
    ['a path leaving the folder', { ...page, name: '../page.png' }, /outside the archive/],
    ['a link', { ...page, mode: 0o120777, data: Buffer.from('/etc/hostname') }, /links/],
    ['a bomb', { ...page, declaredSize: 4000 * 1024 ** 2 }, /expands to more than/],
  ] as const)('refuses %s', async (_what, entry, message) => {
    const j = await job(storedRar([{ name: 'cover.png', data: page.data }, entry]), 'cbr', 'pdf');
    await refused(comicEngine.inspect!(j), message);
  });

  it('reads a RAR comic', async () => {
    const j = await job(storedRar([page, { ...page, name: 'page-2.png' }]), 'cbr', 'pdf');
    await comicEngine.inspect!(j);
    await comicEngine.convert(j);
    expect(execFileSync('pdfinfo', [j.outputPath]).toString()).toMatch(/^Pages:\s+2$/m);
  });
});
