import type { FormatName } from './catalog';
import { DATA_DETECTOR } from './detect-data-tail';
import { EBOOK_DETECTOR } from './detect-ebook-tail';
import { MEDIA_DETECTOR } from './detect-media-tail';
import { OFFICE_DETECTOR } from './detect-office-tail';
import { RASTER_DETECTOR } from './detect-raster-tail';

// How the long-tail areas (issue 13) recognise their formats. ./detect-format.ts asks each in turn
// after its own checks: a file-type answer, then a binary signature; ./detect-breadth.ts asks for
// text once the bytes have proven UTF-8. Same rule everywhere: the bytes prove the format, the
// name only chooses among formats the bytes allow.

export type TailDetector = {
  /**
   * A file-type answer (its `ext`), the upload's extension and the head → our format. Asked before
   * the main table, so it may also refine an answer (PSB inside '8BPS', JPEG-LS inside a JPEG stream).
   */
  byFileType?: (ftExt: string, ext: string, head: Buffer) => FormatName | null;
  /** Magic bytes at the start of the head (the extension chooses only among what they allow). */
  binary?: (head: Buffer, ext: string) => FormatName | null;
  /** UTF-8 text (BOM removed; `start` is trimmed and lower-cased, at most 4 KiB) and the extension. */
  text?: (raw: string, start: string, ext: string) => FormatName | null;
};

export const TAIL_DETECTORS: readonly TailDetector[] = [
  RASTER_DETECTOR,
  MEDIA_DETECTOR,
  OFFICE_DETECTOR,
  DATA_DETECTOR,
  EBOOK_DETECTOR,
];
