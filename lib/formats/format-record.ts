// What Transmute knows about one format: its names, what it is, and how its bytes are recognised.
// The family files (./image.ts, ./document.ts…) hold one record per format; ./catalog.ts and
// ./detect-format.ts are built from them.

export const FORMAT_FAMILIES = [
  'image',
  'vector',
  'document',
  'ebook',
  'spreadsheet',
  'presentation',
  'video',
  'audio',
  'archive',
  'font',
  'subtitle',
  'data',
] as const;
export type FormatFamily = (typeof FORMAT_FAMILIES)[number];

/** UTF-8 text as detection reads it: the first 4 KiB without a BOM, its trimmed lower-cased start, the name's extension. */
export type TextSample = { raw: string; start: string; ext: string };

/**
 * Containers that hold several formats, decided in ./containers.ts: the bytes prove the container
 * and, where they can, the member; otherwise the name chooses among the records that declare it.
 */
export type Container = 'heif' | 'iso-bmff' | 'ole2' | 'odf-package' | 'zip';

/**
 * How a format is recognised. Detection (./detect-format.ts) first takes file-type's answer: a
 * container it names decides alone; otherwise a record it `refines`, then one whose `fileType` it
 * is. Then each `signature`, and for UTF-8 text each `text` sniff, at last `textNames`. Records are
 * asked in the family order of FORMAT_FAMILIES and their order inside a family. The bytes prove
 * the format; `ext` (the upload's extension) only chooses among formats the bytes allow.
 */
export type Detection = {
  /** file-type answers (its `ext`) that are this format as they stand. */
  fileType?: readonly string[];
  /** file-type answers that are this format when the head says so: asked before every `fileType`. */
  refines?: { fileType: readonly string[]; when: (head: Buffer, ext: string) => boolean };
  /** The container it is a member of (./containers.ts places it). */
  container?: Container;
  /** For a ZIP member (container 'zip'): the entry names the head shows allow it (`seenAll`: the whole list is there). */
  zipEntries?: (files: readonly string[], seenAll: boolean) => boolean;
  /** Magic bytes, or a header whose every field holds a legal value. */
  signature?: (head: Buffer, ext: string) => boolean;
  /** UTF-8 text whose content says what it is. */
  text?: (t: TextSample) => boolean;
  /** Extensions that make plain UTF-8 text this format (markups only their name tells). */
  textNames?: readonly string[];
};

export type FormatRecord = {
  family: FormatFamily;
  mime: string;
  /** The extension an output of this format is written with. */
  extension: string;
  label: string;
  /** Other names accepted for it in `target_format`. */
  aliases?: readonly string[];
  /** The name markup tools (pandoc's readers and writers) know it by, where it is not the format's own. */
  markup?: string;
  /** The format holds transparency (ImageMagick lays an image over white first when its target does not). */
  alpha?: boolean;
  detect?: Detection;
};

/** A family's record maker: `const image = recordsOf('image')`, then `image('image/png', 'PNG image', 'png', {…})`. */
export const recordsOf =
  <F extends FormatFamily>(family: F) =>
  (
    mime: string,
    label: string,
    extension: string,
    more: Omit<FormatRecord, 'family' | 'mime' | 'label' | 'extension'> = {},
  ) => ({
    family,
    mime,
    label,
    extension,
    ...more,
  });
