import type { FormatName } from './catalog';
import type { TailDetector } from './detect-tail';
import { zipEntryNames } from './zip-entries';

// Office files inside their containers: OLE2 compound files (doc/xls/ppt) and ZIP packages (OOXML,
// OpenDocument). Called by ./detect-format.ts once file-type has named the container.

/** OLE2 compound file: its directory names the application's main stream (UTF-16LE). */
export function oleFormat(head: Buffer, ext: string): FormatName | null {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  // A template or slide show has the same streams as the document: the name chooses among them.
  if (has('WordDocument')) return ext === 'dot' ? 'dot' : 'doc';
  if (has('PowerPoint Document')) return ext === 'pot' || ext === 'pps' ? ext : 'ppt';
  if (has('Workbook') || has('Book\u0000')) return ext === 'xlt' ? 'xlt' : 'xls';
  // The directory may lie beyond the first 64 KiB: then the name chooses among them all.
  return (OLE_NAMES as readonly string[]).includes(ext) ? (ext as FormatName) : null;
}
const OLE_NAMES = ['doc', 'dot', 'xls', 'xlt', 'ppt', 'pot', 'pps'] as const satisfies readonly FormatName[];

/** An office-style package (OOXML or ODF) we do not claim is refused, not taken as a ZIP archive. */
export function isPackage(head: Buffer): boolean {
  const names = zipEntryNames(head);
  return names[0] === 'mimetype' || names.includes('[Content_Types].xml');
}

const ODF_MIME: Record<string, FormatName> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  // StarOffice / OpenOffice.org 1.x packages (file-type does not know them).
  'application/vnd.sun.xml.writer': 'sxw',
  'application/vnd.sun.xml.writer.template': 'stw',
  'application/vnd.sun.xml.calc': 'sxc',
  'application/vnd.sun.xml.calc.template': 'stc',
  'application/vnd.sun.xml.impress': 'sxi',
  'application/vnd.sun.xml.draw': 'sxd',
};

/** A ZIP file-type could not name: an office file only if its entries prove it. */
export function zipOffice(head: Buffer): FormatName | null {
  const names = zipEntryNames(head);
  // ODF: first entry 'mimetype', stored uncompressed, its content right after the header.
  if (names[0] === 'mimetype' && head.readUInt16LE(8) === 0) {
    const start = 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    const mime = head
      .subarray(start, start + head.readUInt32LE(18))
      .toString('latin1')
      .trim();
    const odf = ODF_MIME[mime];
    if (odf) return odf;
  }
  if (!names.includes('[Content_Types].xml')) return null;
  const dirs = new Set(names.map((n) => n.split('/')[0]));
  const main = ['word', 'xl', 'ppt'].filter((d) => dirs.has(d));
  if (main.length !== 1) return null;
  return ({ word: 'docx', xl: 'xlsx', ppt: 'pptx' } as const)[main[0] as 'word' | 'xl' | 'ppt'];
}

/**
 * file-type answers that are ours as they stand: it reads the OOXML main part's content type in
 * [Content_Types].xml (template, macro-enabled, slide show) and the ODF 'mimetype' entry.
 */
const BY_FILE_TYPE = new Set<FormatName>([
  'dotx',
  'dotm',
  'docm',
  'xltx',
  'xltm',
  'xlsm',
  'potx',
  'potm',
  'pptm',
  'ppsx',
  'ppsm',
  'ott',
  'ots',
  'otp',
  'odg',
  'otg',
]);

/** Enhanced Metafile: an EMR_HEADER record (type 1) whose signature at byte 40 is " EMF". */
const isEmf = (h: Buffer) => h.length >= 88 && h.readUInt32LE(0) === 1 && h.toString('latin1', 40, 44) === ' EMF';

/** Windows Metafile: the Aldus placeable key, or a bare header (memory/disk type, 9-word header, version 1 or 3). */
function isWmf(h: Buffer): boolean {
  if (h.length >= 40 && h.readUInt32LE(0) === 0x9ac6cdd7) return true;
  return (
    h.length >= 18 &&
    [1, 2].includes(h.readUInt16LE(0)) &&
    h.readUInt16LE(2) === 9 &&
    [0x100, 0x300].includes(h.readUInt16LE(4))
  );
}

/**
 * dBASE table: a known version byte, a plausible last-update date, and a header whose length fits
 * its 32-byte field descriptors and ends with the 0x0D terminator where the length says.
 */
function isDbf(h: Buffer): boolean {
  if (h.length < 65 || ![0x02, 0x03, 0x30, 0x31, 0x83, 0x8b, 0xf5].includes(h[0])) return false;
  if (h[2] < 1 || h[2] > 12 || h[3] < 1 || h[3] > 31) return false;
  const headerLen = h.readUInt16LE(8);
  const recordLen = h.readUInt16LE(10);
  if (recordLen < 2 || headerLen < 65 || headerLen > h.length) return false;
  // dBASE III-7: descriptors, then 0x0D (Visual FoxPro adds a 263-byte backlink after it).
  const terminator = h[0] === 0x30 || h[0] === 0x31 ? headerLen - 264 : headerLen - 1;
  return terminator >= 64 && (terminator - 32) % 32 === 0 && h[terminator] === 0x0d;
}

const FLAT_ODF: Record<string, FormatName> = {
  text: 'fodt',
  spreadsheet: 'fods',
  presentation: 'fodp',
  graphics: 'fodg',
};
const UOF: Record<string, FormatName> = { text: 'uot', spreadsheet: 'uos', presentation: 'uop' };

/**
 * The root element of an XML document (after the declaration, processing instructions, comments and
 * a document type, which the engine's check then refuses).
 */
const rootElement = (raw: string) =>
  /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*<([\w:.-]+)([^>]*)>/.exec(raw);

/** Office formats recognised as text (see ./detect-tail.ts): flat OpenDocument, Office 2003 XML, UOF, SYLK, DIF. */
export const OFFICE_DETECTOR: TailDetector = {
  byFileType: (ftExt) => (BY_FILE_TYPE.has(ftExt as FormatName) ? (ftExt as FormatName) : null),
  binary: (head) => (isEmf(head) ? 'emf' : isWmf(head) ? 'wmf' : isDbf(head) ? 'dbf' : null),
  text: (raw) => {
    if (/^ID;P/.test(raw)) return 'slk';
    if (/^TABLE\r?\n0,1\r?\n"/.test(raw)) return 'dif';
    const root = rootElement(raw);
    if (!root) return null;
    const [, name, attrs] = root;
    const odf = /\bmimetype="application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation|graphics)"/.exec(
      attrs,
    );
    if (/^(\w+:)?document$/.test(name) && attrs.includes('urn:oasis:names:tc:opendocument:xmlns:office:1.0') && odf)
      return FLAT_ODF[odf[1]];
    if (/^(\w+:)?wordDocument$/.test(name) && attrs.includes('http://schemas.microsoft.com/office/word/2003/wordml'))
      return 'wordml';
    if (/^(\w+:)?Workbook$/.test(name) && attrs.includes('urn:schemas-microsoft-com:office:spreadsheet'))
      return 'spreadsheetml';
    const uof = /\bmimetype="vnd\.uof\.(text|spreadsheet|presentation)"/.exec(attrs);
    if (/^(\w+:)?UOF$/.test(name) && attrs.includes('http://schemas.uof.org/cn/2003/uof') && uof) return UOF[uof[1]];
    return null;
  },
};
