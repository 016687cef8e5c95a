import type { FormatName } from './catalog';
import { FORMAT_RECORDS } from './catalog';
import type { Container, FormatRecord } from './format-record';
import { zipEntryNames } from './zip-entries';

// Containers that hold several of our formats. file-type names the container; the bytes then
// prove the member where they can (HEIF and ISO brands, OLE2 streams, ZIP entries), and otherwise
// the name chooses among the records that declare the container. Each answers alone: a container
// we cannot place is refused, not taken for something else.

const members = (container: Container) =>
  new Map<string, FormatRecord>(FORMAT_RECORDS.filter(([, r]) => r.detect?.container === container));

/** HEIF container: AVIF or HEIC depending on the brands it declares. */
function heif(head: Buffer): FormatName | null {
  const size = head.readUInt32BE(0);
  const brands = head.subarray(8, Math.min(size, head.length)).toString('latin1');
  if (/avi[fs]/.test(brands)) return 'avif';
  if (/hei[cx]|hev[cx]/.test(brands)) return 'heic';
  return null;
}

const ISO_MEMBERS = members('iso-bmff');
/** file-type answers for the ISO base media container whose brands say audio. */
const ISO_AUDIO = new Set(['m4a', 'm4b', 'f4a', 'f4b']);

/** mp4, mov, m4a… share the container: the name may choose, else the brand and handlers. */
function isoMedia(head: Buffer, ext: string, ftExt: string): FormatName {
  if (ISO_MEMBERS.has(ext)) return ext as FormatName;
  const brand = head.subarray(8, 12).toString('latin1');
  if (brand === 'f4v ') return 'f4v';
  if (brand === 'isml' || brand === 'piff') return 'ismv';
  if (brand === 'M4B ') return 'm4b';
  if (ISO_AUDIO.has(ftExt)) return 'm4a';
  if (ftExt === 'mov') return 'mov';
  // A 'moov' box in the head tells us the track kinds: sound handlers only → audio.
  const handlers = [...head.toString('latin1').matchAll(/hdlr[\s\S]{8}(vide|soun)/g)].map((m) => m[1]);
  if (handlers.length > 0 && !handlers.includes('vide')) return 'm4a';
  return 'mp4';
}

const OLE_MEMBERS = members('ole2');

/** OLE2 compound file: its directory names the application's main stream (UTF-16LE). */
function ole2(head: Buffer, ext: string): FormatName | null {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  // A template or slide show has the same streams as the document: the name chooses among them.
  if (has('WordDocument')) return ext === 'dot' ? 'dot' : 'doc';
  if (has('PowerPoint Document')) return ext === 'pot' || ext === 'pps' ? ext : 'ppt';
  if (has('Workbook') || has('Book\u0000')) return ext === 'xlt' ? 'xlt' : 'xls';
  // The directory may lie beyond the first 64 KiB: then the name chooses among them all.
  return OLE_MEMBERS.has(ext) ? (ext as FormatName) : null;
}

/** An ODF package's 'mimetype' entry → the format whose MIME type it is. */
const ODF_BY_MIME = new Map(
  FORMAT_RECORDS.filter(([, r]) => r.detect?.container === 'odf-package').map(([name, r]) => [r.mime, name]),
);

/** A ZIP file-type could not name: an office file only if its entries prove it. */
function zipOffice(head: Buffer, names: readonly string[]): FormatName | null {
  // ODF: first entry 'mimetype', stored uncompressed, its content right after the header.
  if (names[0] === 'mimetype' && head.readUInt16LE(8) === 0) {
    const start = 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    const mime = head
      .subarray(start, start + head.readUInt32LE(18))
      .toString('latin1')
      .trim();
    const odf = ODF_BY_MIME.get(mime);
    if (odf) return odf;
  }
  if (!names.includes('[Content_Types].xml')) return null;
  const dirs = new Set(names.map((n) => n.split('/')[0]));
  const main = ['word', 'xl', 'ppt'].filter((d) => dirs.has(d));
  if (main.length !== 1) return null;
  return ({ word: 'docx', xl: 'xlsx', ppt: 'pptx' } as const)[main[0] as 'word' | 'xl' | 'ppt'];
}

const ZIP_MEMBERS = members('zip');
const CENTRAL_DIRECTORY = Buffer.from('504b0102', 'hex');

/** A ZIP: an office file, else the member the name chooses if the entries allow it, else an archive. */
function zip(head: Buffer, ext: string): FormatName | null {
  const names = zipEntryNames(head);
  const office = zipOffice(head, names);
  if (office) return office;
  const allows = ZIP_MEMBERS.get(ext)?.detect?.zipEntries;
  const files = names.filter((n) => !n.endsWith('/'));
  if (allows?.(files, head.includes(CENTRAL_DIRECTORY))) return ext as FormatName;
  // An office-style package (OOXML or ODF) we do not claim is refused, not taken as a ZIP archive.
  const isPackage = names[0] === 'mimetype' || names.includes('[Content_Types].xml');
  return isPackage ? null : 'zip';
}

type InContainer = (head: Buffer, ext: string, ftExt: string) => FormatName | null;

/** file-type answers that name a container, and how its member is found. */
export const CONTAINERS: Readonly<Record<string, InContainer>> = {
  heic: heif,
  mp4: isoMedia,
  m4v: isoMedia,
  f4v: isoMedia,
  mov: isoMedia,
  m4a: isoMedia,
  m4b: isoMedia,
  f4a: isoMedia,
  f4b: isoMedia,
  cfb: ole2,
  zip,
};
