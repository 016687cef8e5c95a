import { fileTypeFromBuffer } from 'file-type';
import { FORMAT_RECORDS, type FormatName } from './catalog';
import { CONTAINERS } from './containers';
import type { Detection, TextSample } from './format-record';

// What a file IS, from its bytes, asked of the format records (./format-record.ts says how).
// The file name only chooses inside what the bytes have already proven (doc/xls/ppt inside OLE2,
// mp4/mov/m4a inside ISO-BMFF, markup inside text). Anything we cannot prove is null: engines
// never see formats we do not claim.

export { HEAD_BYTES } from './head-bytes';

/** The records that detect by `key`, in detection order, each with its `key`. */
const detectingBy = <K extends keyof Detection>(key: K) =>
  FORMAT_RECORDS.flatMap(([name, record]) => {
    const by = record.detect?.[key];
    return by === undefined ? [] : [{ name, by: by as NonNullable<Detection[K]> }];
  });

const REFINES = detectingBy('refines');
const SIGNATURES = detectingBy('signature');
const TEXT_SNIFFERS = detectingBy('text');

/** file-type answers that are one of our formats as they stand. */
const BY_FILE_TYPE = new Map(detectingBy('fileType').flatMap(({ name, by }) => by.map((ft) => [ft, name])));

/** Plain text's extension → the markup only the name tells. */
const BY_TEXT_NAME = new Map(detectingBy('textNames').flatMap(({ name, by }) => by.map((ext) => [ext, name])));

const extOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

export async function detectFormat(head: Buffer, fileName: string): Promise<FormatName | null> {
  if (head.length === 0) return null;
  const ext = extOf(fileName);
  const ft = await fileTypeFromBuffer(head).catch(() => undefined);
  if (ft) {
    const container = CONTAINERS[ft.ext];
    if (container) return container(head, ext, ft.ext);
    const found = byFileType(ft.ext, ext, head);
    if (found) return found;
    // file-type names some text formats (xml, svg, m3u…): those are still only text to us.
  }
  const signed = SIGNATURES.find(({ by }) => by(head, ext));
  if (signed) return signed.name;
  return isUtf8Text(head) ? textFormatOf(head, ext) : null;
}

/** A file-type answer: a record it refines when the head says so, else the record it names. */
function byFileType(ftExt: string, ext: string, head: Buffer): FormatName | null {
  const refined = REFINES.find(({ by }) => by.fileType.includes(ftExt) && by.when(head, ext));
  return refined?.name ?? BY_FILE_TYPE.get(ftExt) ?? null;
}

/** The text formats: content first (it cannot lie about itself), then the name among markups. */
function textFormatOf(head: Buffer, ext: string): FormatName {
  const raw = head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const sample: TextSample = { raw, start: raw.trimStart().toLowerCase(), ext };
  return TEXT_SNIFFERS.find(({ by }) => by(sample))?.name ?? BY_TEXT_NAME.get(ext) ?? 'txt';
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
