import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { findEngine } from '@/lib/engines/registry';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import { makeJob } from '@/tests/fixtures/engine-job';
import { DOCUMENT_TEXT, TABLE } from '@/tests/fixtures/known-content';
import { makeOfficeSamples } from '@/tests/fixtures/samples-office';
import { odfPackage } from '@/tests/fixtures/zip';
import { convertPair, expectKnownContent, twoAtATime } from '@/tests/support/format-matrix';

// The office part of the format matrix: every pair the LibreOffice engine serves converts from
// its sample (a committed file, or text written here), with an output whose bytes are the target's
// and which holds the sample's known content (tests/fixtures/known-content.ts: the sentences, the
// table's cells, the drawing). Two warm instances, two pairs at a time.

vi.hoisted(() => {
  process.env.LIBREOFFICE_POOL_SIZE = '2';
});
const { libreofficeEngine, shutdownLibreOffice, warmUp } = await import('@/lib/engines/libreoffice/libreoffice-engine');

const BASE = path.join(process.cwd(), 'tests/fixtures/formats/office/base');

let dir: string;
const samples = new Map<FormatName, string>();
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'format-matrix-office-'));
  for (const [f, file] of makeOfficeSamples(dir, '')) samples.set(f, file);
  // The formats the engine read before: committed LibreOffice-written files, and text written here.
  for (const name of readdirSync(BASE)) {
    const [, ext, gz] = /^base\.([a-z]+)(\.gz)?$/.exec(name)!;
    const file = path.join(dir, `base.${ext}`);
    if (gz) writeFileSync(file, gunzipSync(readFileSync(path.join(BASE, name))));
    else copyFileSync(path.join(BASE, name), file);
    samples.set(ext as FormatName, file);
  }
  const [title, ...sentences] = DOCUMENT_TEXT;
  const text: Array<[FormatName, string]> = [
    ['txt', `${title}\n\n${sentences.join(' ')}\n`],
    ['csv', TABLE.map((row) => row.join(',')).join('\n') + '\n'],
    [
      'html',
      `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${sentences.join(' ')}</p></body></html>\n`,
    ],
    [
      'rtf',
      `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 {\\b ${title}}\\par ${sentences.join(' ')}\\par}\n`,
    ],
  ];
  for (const [f, content] of text) {
    writeFileSync(path.join(dir, `base.${f}`), content);
    samples.set(f, path.join(dir, `base.${f}`));
  }
  await warmUp();
}, 120_000);
afterAll(async () => {
  await shutdownLibreOffice();
  await rm(dir, { recursive: true, force: true });
});

const pairs = libreofficeEngine.conversions
  .flatMap((c) => c.from.flatMap((from) => c.to.map((to) => [from, to] as [FormatName, FormatName])))
  .filter(([from, to]) => findEngine(from, to)?.name === libreofficeEngine.name);

describe('format matrix: office (LibreOffice)', () => {
  it('has a sample of every input, each detected from its bytes', async () => {
    for (const from of new Set(pairs.map(([f]) => f))) {
      const file = samples.get(from);
      expect(file, from).toBeDefined();
      expect(await detectFormat(await readHead(file!), path.basename(file!)), from).toBe(from);
    }
  });

  it.concurrent.each(pairs)('%s → %s', (from, to) => twoAtATime(() => convertPair(samples.get(from)!, from, to)));

  it.concurrent.each([...new Set(pairs.map(([from]) => from))])('the %s sample holds its known content', (from) =>
    twoAtATime(() => expectKnownContent(samples.get(from)!, from)),
  );
});

describe('office inputs refused by inspect', () => {
  const inspect = async (content: Buffer | string, from: FormatName) => {
    const job = await makeJob(Buffer.from(content), from, 'pdf');
    try {
      await libreofficeEngine.inspect!(job);
    } finally {
      await job.cleanup();
    }
  };
  const flat = (body: string, prolog = '') =>
    `<?xml version="1.0"?>${prolog}<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
    'xmlns:xlink="http://www.w3.org/1999/xlink" office:mimetype="application/vnd.oasis.opendocument.text">' +
    `<office:body><office:text>${body}</office:text></office:body></office:document>`;
  const refused = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;

  it('takes a plain flat ODT', async () => {
    await inspect(flat('<text:p>Hello <text:a xlink:href="https://example.com/">link</text:a></text:p>'), 'fodt');
  });

  it('a flat ODT with an entity expansion (billion laughs) in its document type', async () => {
    const bomb = '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    await expect(inspect(flat('<text:p>&b;</text:p>', bomb), 'fodt')).rejects.toSatisfy(refused('linked_content'));
  });

  it('a flat ODT whose picture is linked from a file', async () => {
    const linked =
      '<text:p><draw:frame><draw:image xlink:href="file:///etc/passwd" xlink:type="simple"/></draw:frame></text:p>';
    await expect(inspect(flat(linked), 'fodt')).rejects.toSatisfy(refused('linked_content'));
  });

  it('a flat ODT cut off mid-element', async () => {
    await expect(inspect(flat('<text:p>Hello').slice(0, -40), 'fodt')).rejects.toSatisfy(refused('unsupported_format'));
  });

  describe('StarOffice packages', () => {
    const OOO_DTD =
      '<!DOCTYPE office:document-content PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "office.dtd">';
    const sxw = (body: string, doctype = OOO_DTD) =>
      odfPackage(
        'application/vnd.sun.xml.writer',
        `<?xml version="1.0"?>${doctype}<office:document-content xmlns:office="http://openoffice.org/2000/office" ` +
          'xmlns:text="http://openoffice.org/2000/text" xmlns:draw="http://openoffice.org/2000/drawing" ' +
          `xmlns:xlink="http://www.w3.org/1999/xlink" office:class="text"><office:body>${body}</office:body></office:document-content>`,
      );

    it('takes the document type OpenOffice.org 1 wrote, a hyperlink and a picture inside the package', async () => {
      const ok =
        '<text:p><text:a xlink:href="https://example.com/">link</text:a>' +
        '<draw:image xlink:href="#Pictures/1.png"/></text:p>';
      await inspect(sxw(ok), 'sxw');
    });

    it('a document type with an internal subset (entities)', async () => {
      const bomb = '<!DOCTYPE office:document-content [<!ENTITY a "aaaaaaaaaa">]>';
      await expect(inspect(sxw('<text:p>&a;</text:p>', bomb), 'sxw')).rejects.toSatisfy(refused('linked_content'));
    });

    it('a picture linked from a file, and a DDE link', async () => {
      const image = '<text:p><draw:image xlink:href="file:///etc/passwd"/></text:p>';
      await expect(inspect(sxw(image), 'sxw')).rejects.toSatisfy(refused('linked_content'));
      const dde = '<text:dde-connection-decl text:name="x" office:dde-application="soffice"/>';
      await expect(inspect(sxw(dde), 'sxw')).rejects.toSatisfy(refused('linked_content'));
    });
  });

  describe('Word and Excel 2003 XML', () => {
    const wordml = (body: string) =>
      '<?xml version="1.0"?><?mso-application progid="Word.Document"?>' +
      '<w:wordDocument xmlns:w="http://schemas.microsoft.com/office/word/2003/wordml">' +
      `<w:body><w:p>${body}</w:p></w:body></w:wordDocument>`;
    const workbook = (formula: string) =>
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" ' +
      'xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"><Table><Row>' +
      `<Cell><Data ss:Type="Number">1</Data></Cell><Cell ss:Formula="${formula}"><Data ss:Type="Number">1</Data></Cell>` +
      '</Row></Table></Worksheet></Workbook>';

    it('takes a page field and a relative R1C1 formula', async () => {
      await inspect(wordml('<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>'), 'wordml');
      await inspect(workbook('=RC[-1]*2'), 'spreadsheetml');
    });

    it('a field that includes a picture from a file', async () => {
      const field =
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>INCLUDEPICTURE "file:///etc/passwd"</w:instrText></w:r>' +
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>';
      await expect(inspect(wordml(field), 'wordml')).rejects.toSatisfy(refused('linked_content'));
    });

    it('a formula reading another workbook or a DDE source, and a document type', async () => {
      await expect(inspect(workbook("='/etc/[passwd]x'!R1C1"), 'spreadsheetml')).rejects.toSatisfy(
        refused('linked_content'),
      );
      await expect(inspect(workbook('=cmd|x!A1'), 'spreadsheetml')).rejects.toSatisfy(refused('linked_content'));
      const typed = wordml('').replace('<w:wordDocument', '<!DOCTYPE w:wordDocument [<!ENTITY a "a">]><w:wordDocument');
      await expect(inspect(typed, 'wordml')).rejects.toSatisfy(refused('linked_content'));
    });
  });

  it('a Uniform Office Format document with an object linked by its path', async () => {
    const uof = (objects: string) =>
      '<?xml version="1.0" encoding="UTF-8"?><uof:UOF xmlns:uof="http://schemas.uof.org/cn/2003/uof" ' +
      `uof:mimetype="vnd.uof.text"><uof:对象集>${objects}</uof:对象集></uof:UOF>`;
    await inspect(uof(''), 'uot');
    const linked = '<uof:其他对象 uof:标识符="o1" uof:内嵌="false"><uof:路径>/etc/passwd</uof:路径></uof:其他对象>';
    await expect(inspect(uof(linked), 'uot')).rejects.toSatisfy(refused('linked_content'));
  });

  it('a template whose bytes are the document format, and a document claimed as a template', async () => {
    await expect(inspect(readFileSync(samples.get('dotx')!), 'dotm')).rejects.toSatisfy(refused('unsupported_format'));
    await expect(inspect(readFileSync(samples.get('xlsm')!), 'xltx')).rejects.toSatisfy(refused('unsupported_format'));
  });
});
