import type { FormatName } from './catalog';
import { DATA_DETECTOR } from './detect-data-tail';
import { MEDIA_DETECTOR } from './detect-media-tail';
import { OFFICE_DETECTOR } from './detect-office-tail';
import { RASTER_DETECTOR } from './detect-raster-tail';

// How the long-tail areas (issue 13) recognise their formats. ./detect-format.ts asks each in turn
// after its own checks: a file-type answer, then a binary signature; ./detect-breadth.ts asks for
// text once the bytes have proven UTF-8. Same rule everywhere: the bytes prove the format, the
// name only chooses among formats the bytes allow.

export type TailDetector = {
  /** A file-type answer (its `ext`) and the upload's extension → our format. */
  byFileType?: (ftExt: string, ext: string) => FormatName | null;
  /** Magic bytes at the start of the head. */
  binary?: (head: Buffer) => FormatName | null;
  /** UTF-8 text (BOM removed; `start` is trimmed and lower-cased, at most 4 KiB) and the extension. */
  text?: (raw: string, start: string, ext: string) => FormatName | null;
};

export const TAIL_DETECTORS: readonly TailDetector[] = [
  RASTER_DETECTOR,
  MEDIA_DETECTOR,
  OFFICE_DETECTOR,
  DATA_DETECTOR,
];
