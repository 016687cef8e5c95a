import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { assertSafeZip, ZIP_LIMITS } from '@/lib/engines/archive/zip-guard';
import {
  complexField,
  docx,
  docxWithHyperlink,
  linkedPicture,
  odfLinkedImage,
  odt,
  paragraph,
  rtfField,
} from '@/tests/fixtures/hostile-documents';
import { buildZip } from '@/tests/fixtures/zip';
import { xmlPartChecker } from './linked-content';
import { assertRtfHasNoLinks } from './rtf-links';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), 'linked-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
async function file(bytes: Buffer): Promise<string> {
  const p = path.join(dir, `f${n++}`);
  await writeFile(p, bytes);
  return p;
}
const linked = (e: unknown) => e instanceof AppError && e.code === 'linked_content';
const checkRtf = async (rtf: string | Buffer) =>
  assertRtfHasNoLinks(await file(Buffer.isBuffer(rtf) ? rtf : Buffer.from(rtf, 'latin1')));
const checkZip = async (zip: Buffer, kind: 'ooxml' | 'odf') =>
  assertSafeZip(await file(zip), ZIP_LIMITS, () => xmlPartChecker(kind));

describe('RTF fields', () => {
  it.each([
    ['INCLUDEPICTURE', rtfField('INCLUDEPICTURE "/usr/share/pixmaps/debian-logo.png" \\\\d')],
    ['INCLUDETEXT', rtfField('INCLUDETEXT "/etc/hostname"')],
    ['lower case', rtfField('includepicture "http://127.0.0.1/x.png"')],
    ['split by groups', '{\\rtf1{\\field{\\*\\fldinst {INCLUDE}{PIC}TURE "x.png"}{\\fldrslt}}}'],
    ['hex escapes', '{\\rtf1{\\field{\\*\\fldinst INCLUDEPI\\\'43TURE "x.png"}{\\fldrslt}}}'],
    ['\\u with a fallback', '{\\rtf1{\\field{\\*\\fldinst INCLUDEPI\\u67?TURE "x.png"}{\\fldrslt}}}'],
    ['\\uc2 fallback', '{\\rtf1{\\field{\\*\\fldinst \\uc2 INCLUDEPI\\u67 ??TURE "x.png"}{\\fldrslt}}}'],
    ['LINK (OLE link field)', rtfField('LINK Excel.Sheet.8 "C:\\\\\\\\a.xls" "" \\\\a')],
    ['DDEAUTO', rtfField('DDEAUTO cmd "/c calc"')],
    ['DATABASE', rtfField('DATABASE \\\\d "/etc/passwd"')],
    ['an unknown type', rtfField('FROBNICATE x')],
    ['a quoted type', rtfField('"INCLUDEPICTURE" "x.png"')],
    ['a type hidden behind a switch', rtfField('\\\\d INCLUDEPICTURE "x.png"')],
    [
      'nested inside a safe field',
      '{\\rtf1{\\field{\\*\\fldinst IF 1 = 1 ' +
        '"{\\field{\\*\\fldinst INCLUDETEXT \\"/etc/x\\"}{\\fldrslt}}"}{\\fldrslt}}}',
    ],
    ['a linked OLE object', '{\\rtf1{\\object\\objautlink\\objw100\\objh100{\\*\\objclass Word.Document.8}}}'],
    ['a field never closed', '{\\rtf1{\\field{\\*\\fldinst INCLUDEPICTURE "x.png"'],
  ])('refuses %s', async (_name, rtf) => {
    await expect(checkRtf(rtf)).rejects.toSatisfy(linked);
  });

  it('accepts self-contained fields and text that mentions INCLUDEPICTURE', async () => {
    await checkRtf(rtfField('HYPERLINK "http://example.com/link"'));
    await checkRtf(rtfField('PAGE \\\\* MERGEFORMAT'));
    await checkRtf(rtfField('PA\\u71?E')); // \u71 is G; its fallback "?" is skipped as a reader does
    await checkRtf('{\\rtf1\\ansi The word INCLUDEPICTURE in a sentence.\\par}');
    await checkRtf('{\\rtf1{\\pict\\pngblip\\bin4 {}{}}After binary data\\par}');
    await checkRtf(rtfField('IF 1 = 1 "{\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}" "b"'));
  });

  it('skips \\bin data, so braces and "fldinst" inside it do not confuse the scanner', async () => {
    const data = Buffer.from('}}\\fldinst INCLUDEPICTURE', 'latin1');
    const rtf = Buffer.concat([
      Buffer.from(`{\\rtf1{\\pict\\bin${data.length} `, 'latin1'),
      data,
      Buffer.from('}{\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}}', 'latin1'),
    ]);
    await checkRtf(rtf);
  });
});

describe('OOXML packages', () => {
  it.each([
    [
      'an external image (file:)',
      docx(linkedPicture('rId9'), [{ id: 'rId9', type: 'image', target: 'file:///etc/passwd', external: true }]),
    ],
    [
      'an external image (http:)',
      docx(linkedPicture('rId9'), [{ id: 'rId9', type: 'image', target: 'http://127.0.0.1:1/x.png', external: true }]),
    ],
    [
      'an attached template',
      docx(paragraph('x'), [{ id: 'rId9', type: 'attachedTemplate', target: 'file:///srv/t.dotx', external: true }]),
    ],
    [
      'a sub-document',
      docx(paragraph('x'), [{ id: 'rId9', type: 'subDocument', target: '../../etc/x.docx', external: true }]),
    ],
    [
      'a scheme without TargetMode',
      docx(paragraph('x'), [{ id: 'rId9', type: 'image', target: 'file:///etc/passwd' }]),
    ],
    [
      'INCLUDEPICTURE split over runs',
      docx(complexField(' INCLUDE', 'PICTURE "/usr/share/pixmaps/debian-logo.png" \\d ')),
    ],
    [
      'INCLUDETEXT as a simple field',
      docx('<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;/etc/passwd&quot; "/></w:p>'),
    ],
    ['an entity-encoded field type', docx(complexField('INCLUDE&#80;ICTURE "x.png"'))],
  ])('refuses %s', async (_name, zip) => {
    await expect(checkZip(zip, 'ooxml')).rejects.toSatisfy(linked);
  });

  it('refuses XLSX external workbook links and DDE links, and PPTX external pictures', async () => {
    const rels = (type: string, target: string) =>
      Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${type}" Target="${target}" TargetMode="External"/></Relationships>`,
      );
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const xlsx = buildZip([
      {
        name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
        data: rels(`${REL}/externalLinkPath`, 'file:///etc/x.xlsx'),
      },
    ]);
    const dde = buildZip([
      {
        name: 'xl/externalLinks/externalLink1.xml',
        data: Buffer.from(
          '<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
            '<ddeLink ddeService="cmd" ddeTopic="/c calc"/></externalLink>',
        ),
      },
    ]);
    const pptx = buildZip([
      { name: 'ppt/slides/_rels/slide1.xml.rels', data: rels(`${REL}/image`, 'http://127.0.0.1:1/a.png') },
    ]);
    for (const zip of [xlsx, dde, pptx]) await expect(checkZip(zip, 'ooxml')).rejects.toSatisfy(linked);
  });

  it('reads a part that starts after many spaces, and refuses one in UTF-16 without a byte-order mark', async () => {
    const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
    const xml = (body: string) => `<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;
    const part = (data: Buffer) => buildZip([{ name: 'word/document.xml', data }]);
    await checkZip(part(Buffer.from(' '.repeat(5000) + xml(paragraph('x')))), 'ooxml');
    const hidden = part(Buffer.from('\n'.repeat(70000) + xml(complexField('INCLUDETEXT "x"'))));
    await expect(checkZip(hidden, 'ooxml')).rejects.toSatisfy(linked);
    const utf16 = part(Buffer.from(xml(complexField('INCLUDETEXT "x"')), 'utf16le'));
    await expect(checkZip(utf16, 'ooxml')).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a DOCTYPE (entities could hide a field type)', async () => {
    const zip = buildZip([
      {
        name: 'word/document.xml',
        data: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "INCLUDETEXT">]><x/>'),
      },
    ]);
    await expect(checkZip(zip, 'ooxml')).rejects.toBeInstanceOf(AppError);
  });

  it('accepts hyperlinks and safe fields', async () => {
    await checkZip(docxWithHyperlink('Example', 'http://127.0.0.1:1/page'), 'ooxml');
    await checkZip(docx(complexField(' PAGE ') + complexField(' HYPERLINK "file:///etc/passwd" ')), 'ooxml');
  });
});

describe('ODF packages', () => {
  it.each([
    ['a linked image (file:)', odt(odfLinkedImage('file:///usr/share/pixmaps/debian-logo.png'))],
    ['a linked image (http:)', odt(odfLinkedImage('http://127.0.0.1:1/x.png'))],
    ['a linked image climbing out of the package', odt(odfLinkedImage('../../x.png'))],
    [
      'a linked section',
      odt('<text:section text:name="S"><text:section-source xlink:href="/etc/passwd"/></text:section>'),
    ],
    [
      'a DDE connection',
      odt(
        '<text:dde-connection-decls><text:dde-connection-decl office:dde-application="soffice" ' +
          'office:dde-topic="/etc/passwd" office:dde-item="x" text:name="d"/></text:dde-connection-decls>',
      ),
    ],
  ])('refuses %s', async (_name, zip) => {
    await expect(checkZip(zip, 'odf')).rejects.toSatisfy(linked);
  });

  it('accepts package-internal images and hyperlinks', async () => {
    await checkZip(
      odt(odfLinkedImage('Pictures/a.png') + '<text:p><text:a xlink:href="file:///etc/passwd">link</text:a></text:p>'),
      'odf',
    );
  });
});
