import { fileTypeFromBuffer } from 'file-type';
import type { FormatName } from './catalog';
import { BREADTH_DIRECT, binarySignature, byContainer, isIconDirectory, textFormatOf } from './detect-breadth';
import { oleFormat, zipOffice, isPackage } from './detect-office-tail';
import { TAIL_DETECTORS } from './detect-tail';

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
    if (ft.ext === 'zip')
      return zipOffice(head) ?? tailByFileType('zip', ext, head) ?? (isPackage(head) ? null : 'zip');
    const direct =
      tailByFileType(ft.ext, ext, head) ?? DIRECT[ft.ext] ?? BREADTH_DIRECT[ft.ext] ?? byContainer(ft.ext, ext);
    if (direct && ((direct !== 'ico' && direct !== 'cur') || isIconDirectory(head))) return direct;
    // file-type names some text formats (xml, svg, m3u…): those are still only text to us.
  }
  // file-type follows a TIFF's first IFD, which libtiff writes after the first page's data: past
  // the head in most scans. The byte-order mark and 42 still prove a TIFF (the decoder checks the rest).
  if (TIFF_MAGIC.some((m) => head.subarray(0, 4).equals(m))) return 'tiff';
  // Signatures first: some long-tail image headers are ASCII (Radiance, FITS, MIFF).
  return binarySignature(head) ?? tailSignature(head, ext) ?? (isUtf8Text(head) ? textFormatOf(head, ext) : null);
}

/** A file-type answer one of the long-tail areas (./detect-tail.ts) maps to a format. */
function tailByFileType(ftExt: string, ext: string, head: Buffer): FormatName | null {
  for (const d of TAIL_DETECTORS) {
    const found = d.byFileType?.(ftExt, ext, head);
    if (found) return found;
  }
  return null;
}

function tailSignature(head: Buffer, ext: string): FormatName | null {
  for (const d of TAIL_DETECTORS) {
    const found = d.binary?.(head, ext);
    if (found) return found;
  }
  return null;
}

/** HEIF container: AVIF or HEIC depending on the brands it declares. */
function heifBrand(head: Buffer): FormatName | null {
  const size = head.readUInt32BE(0);
  const brands = head.subarray(8, Math.min(size, head.length)).toString('latin1');
  if (/avi[fs]/.test(brands)) return 'avif';
  if (/hei[cx]|hev[cx]/.test(brands)) return 'heic';
  return null;
}

/** Formats in the ISO base media container, which the name may choose among. */
const ISO_NAMES = new Set<FormatName>(['mp4', 'mov', 'm4a', 'm4v', '3gp', '3g2', 'm4b', 'm4r', 'f4v', 'ismv']);

/** mp4, mov, m4a… share the container: the name may choose, else the brand and handlers. */
function isoMedia(head: Buffer, ftExt: string, ext: string): FormatName {
  if ((ISO_NAMES as Set<string>).has(ext)) return ext as FormatName;
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
