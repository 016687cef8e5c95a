import type { TextSample } from './format-record';
import { sniffedAs } from './text-sniff';

// Office files that are not in an OLE2 or ZIP container (./containers.ts): metafiles and dBASE
// by their headers, flat OpenDocument, Office 2003 XML, UOF, SYLK and DIF by their text.

/** Enhanced Metafile: an EMR_HEADER record (type 1) whose signature at byte 40 is " EMF". */
export const isEmf = (h: Buffer) =>
  h.length >= 88 && h.readUInt32LE(0) === 1 && h.toString('latin1', 40, 44) === ' EMF';

/** Windows Metafile: the Aldus placeable key, or a bare header (memory/disk type, 9-word header, version 1 or 3). */
export function isWmf(h: Buffer): boolean {
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
export function isDbf(h: Buffer): boolean {
  if (h.length < 65 || ![0x02, 0x03, 0x30, 0x31, 0x83, 0x8b, 0xf5].includes(h[0])) return false;
  if (h[2] < 1 || h[2] > 12 || h[3] < 1 || h[3] > 31) return false;
  const headerLen = h.readUInt16LE(8);
  const recordLen = h.readUInt16LE(10);
  if (recordLen < 2 || headerLen < 65 || headerLen > h.length) return false;
  // dBASE III-7: descriptors, then 0x0D (Visual FoxPro adds a 263-byte backlink after it).
  const terminator = h[0] === 0x30 || h[0] === 0x31 ? headerLen - 264 : headerLen - 1;
  return terminator >= 64 && (terminator - 32) % 32 === 0 && h[terminator] === 0x0d;
}

const FLAT_ODF = { text: 'fodt', spreadsheet: 'fods', presentation: 'fodp', graphics: 'fodg' } as const;
const UOF = { text: 'uot', spreadsheet: 'uos', presentation: 'uop' } as const;

/**
 * The root element of an XML document (after the declaration, processing instructions, comments and
 * a document type, which the engine's check then refuses).
 */
const rootElement = (raw: string) =>
  /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*<([\w:.-]+)([^>]*)>/.exec(raw);

function officeText({ raw }: TextSample) {
  if (/^ID;P/.test(raw)) return 'slk';
  if (/^TABLE\r?\n0,1\r?\n"/.test(raw)) return 'dif';
  const root = rootElement(raw);
  if (!root) return null;
  const [, name, attrs] = root;
  const odf = /\bmimetype="application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation|graphics)"/.exec(
    attrs,
  );
  if (/^(\w+:)?document$/.test(name) && attrs.includes('urn:oasis:names:tc:opendocument:xmlns:office:1.0') && odf)
    return FLAT_ODF[odf[1] as keyof typeof FLAT_ODF];
  if (/^(\w+:)?wordDocument$/.test(name) && attrs.includes('http://schemas.microsoft.com/office/word/2003/wordml'))
    return 'wordml';
  if (/^(\w+:)?Workbook$/.test(name) && attrs.includes('urn:schemas-microsoft-com:office:spreadsheet'))
    return 'spreadsheetml';
  const uof = /\bmimetype="vnd\.uof\.(text|spreadsheet|presentation)"/.exec(attrs);
  if (/^(\w+:)?UOF$/.test(name) && attrs.includes('http://schemas.uof.org/cn/2003/uof') && uof)
    return UOF[uof[1] as keyof typeof UOF];
  return null;
}

/** `officeTextIs('fodt')`: the office text sniffer's answer is flat OpenDocument text. */
export const officeTextIs = sniffedAs(officeText);
