import type { FormatName } from './catalog';
import type { TailDetector } from './detect-tail';
import { zipEntryNames } from './zip-entries';

// Office files inside their containers: OLE2 compound files (doc/xls/ppt) and ZIP packages (OOXML,
// OpenDocument). Called by ./detect-format.ts once file-type has named the container.

/** OLE2 compound file: its directory names the application's main stream (UTF-16LE). */
export function oleFormat(head: Buffer, ext: string): FormatName | null {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return 'doc';
  if (has('PowerPoint Document')) return 'ppt';
  if (has('Workbook') || has('Book\u0000')) return 'xls';
  // The directory may lie beyond the first 64 KiB: then the name chooses among the three.
  return ext === 'doc' || ext === 'xls' || ext === 'ppt' ? ext : null;
}

/** An office-style package (OOXML or ODF) we do not claim is refused, not taken as a ZIP archive. */
export function isPackage(head: Buffer): boolean {
  const names = zipEntryNames(head);
  return names[0] === 'mimetype' || names.includes('[Content_Types].xml');
}

const ODF_MIME: Record<string, FormatName> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
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

/** Office formats recognised as text (see ./detect-tail.ts), e.g. flat OpenDocument XML. */
export const OFFICE_DETECTOR: TailDetector = {};
