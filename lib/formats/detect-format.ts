import { fileTypeFromBuffer } from 'file-type';
import type { FormatName } from './catalog';
import { BREADTH_DIRECT, binarySignature, byContainer, isIconDirectory, textFormatOf } from './detect-breadth';

// What a file IS, from its bytes. The file name only chooses inside a family the bytes have
// already proven (doc/xls/ppt inside OLE2, mp4/mov/m4a inside ISO-BMFF, csv inside text).
// Anything we cannot prove is null: engines never see formats we do not claim.

/** file-type answers that map straight to our formats. */
const DIRECT: Record<string, FormatName> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  tif: 'tiff',
  avif: 'avif',
  bmp: 'bmp',
  pdf: 'pdf',
  rtf: 'rtf',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  webm: 'webm',
  mkv: 'mkv',
  avi: 'avi',
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
};
/** ISO base media (ftyp) answers: one container, told apart below. */
const ISO_MEDIA = new Set(['mp4', 'm4v', 'f4v', 'mov', 'm4a', 'm4b', 'f4a', 'f4b']);
const ISO_AUDIO = new Set(['m4a', 'm4b', 'f4a', 'f4b']);

const TIFF_MAGIC = [Buffer.from('49492a00', 'hex'), Buffer.from('4d4d002a', 'hex')];

/** How many leading bytes detection looks at. */
export const HEAD_BYTES = 64 * 1024;

const extOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

export async function detectFormat(head: Buffer, fileName: string): Promise<FormatName | null> {
  if (head.length === 0) return null;
  const ext = extOf(fileName);
  const ft = await fileTypeFromBuffer(head).catch(() => undefined);
  if (ft) {
    if (ft.ext === 'heic') return heifBrand(head);
    if (ISO_MEDIA.has(ft.ext)) return isoMedia(head, ft.ext, ext);
    if (ft.ext === 'cfb') return oleFormat(head, ext);
    if (ft.ext === 'zip') return zipOffice(head) ?? (isPackage(head) ? null : 'zip');
    const direct = DIRECT[ft.ext] ?? BREADTH_DIRECT[ft.ext] ?? byContainer(ft.ext, ext);
    if (direct && ((direct !== 'ico' && direct !== 'cur') || isIconDirectory(head))) return direct;
    // file-type names some text formats (xml, svg, m3u…): those are still only text to us.
  }
  // file-type follows a TIFF's first IFD, which libtiff writes after the first page's data: past
  // the head in most scans. The byte-order mark and 42 still prove a TIFF (the decoder checks the rest).
  if (TIFF_MAGIC.some((m) => head.subarray(0, 4).equals(m))) return 'tiff';
  // Signatures first: some long-tail image headers are ASCII (Radiance, FITS, MIFF).
  return binarySignature(head) ?? (isUtf8Text(head) ? textFormatOf(head, ext) : null);
}

/** HEIF container: AVIF or HEIC depending on the brands it declares. */
function heifBrand(head: Buffer): FormatName | null {
  const size = head.readUInt32BE(0);
  const brands = head.subarray(8, Math.min(size, head.length)).toString('latin1');
  if (/avi[fs]/.test(brands)) return 'avif';
  if (/hei[cx]|hev[cx]/.test(brands)) return 'heic';
  return null;
}

/** mp4, mov and m4a share the container: the name may choose, else the brand and handlers. */
function isoMedia(head: Buffer, ftExt: string, ext: string): FormatName {
  if (ext === 'mp4' || ext === 'mov' || ext === 'm4a' || ext === 'm4v' || ext === '3gp') return ext;
  if (ISO_AUDIO.has(ftExt)) return 'm4a';
  if (ftExt === 'mov') return 'mov';
  // A 'moov' box in the head tells us the track kinds: sound handlers only → audio.
  const handlers = [...head.toString('latin1').matchAll(/hdlr[\s\S]{8}(vide|soun)/g)].map((m) => m[1]);
  if (handlers.length > 0 && !handlers.includes('vide')) return 'm4a';
  return 'mp4';
}

/** OLE2 compound file: its directory names the application's main stream (UTF-16LE). */
function oleFormat(head: Buffer, ext: string): FormatName | null {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return 'doc';
  if (has('PowerPoint Document')) return 'ppt';
  if (has('Workbook') || has('Book\u0000')) return 'xls';
  // The directory may lie beyond the first 64 KiB: then the name chooses among the three.
  return ext === 'doc' || ext === 'xls' || ext === 'ppt' ? ext : null;
}

/** Names of the ZIP local entries that fit in the head (in archive order). */
export function zipEntryNames(head: Buffer, max = 200): string[] {
  const names: string[] = [];
  let pos = 0;
  while (names.length < max && pos + 30 <= head.length && head.readUInt32LE(pos) === 0x04034b50) {
    const flags = head.readUInt16LE(pos + 6);
    const compressed = head.readUInt32LE(pos + 18);
    const nameLen = head.readUInt16LE(pos + 26);
    const extraLen = head.readUInt16LE(pos + 28);
    if (pos + 30 + nameLen > head.length) break;
    names.push(head.subarray(pos + 30, pos + 30 + nameLen).toString('utf8'));
    if (flags & 0x08) break; // size is in a data descriptor after the data: cannot skip reliably
    pos += 30 + nameLen + extraLen + compressed;
  }
  return names;
}

/** An office-style package (OOXML or ODF) we do not claim is refused, not taken as a ZIP archive. */
function isPackage(head: Buffer): boolean {
  const names = zipEntryNames(head);
  return names[0] === 'mimetype' || names.includes('[Content_Types].xml');
}

const ODF_MIME: Record<string, FormatName> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** A ZIP file-type could not name: an office file only if its entries prove it. */
function zipOffice(head: Buffer): FormatName | null {
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

/** Valid UTF-8 without NUL bytes (a multi-byte character cut at the end of the head is fine). */
export function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let body = head;
  // Drop an incomplete trailing sequence: the head is a prefix of a longer file.
  for (let i = 1; i <= 3 && i <= head.length; i++) {
    const b = head[head.length - i];
    if ((b & 0xc0) === 0x80) continue;
    if (b >= 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (need > i) body = head.subarray(0, head.length - i);
    }
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}
