import { z } from 'zod';

// What a conversion row asks its job to do, once. A row carries its tool (the `operation` column)
// and that tool's options (the `options` JSON column); the job parses the options with the tool's
// schema when it starts, and the engine registry picks the engine by (tool, format). Compression
// and OCR are conversions in every other respect: same row, same job message, same endpoints
// for status, progress, download, cancel and delete. So is a merge: several files stored end to
// end as one input, joined into one PDF. Pure data, so the browser imports it too.

export type Tool = 'convert' | 'compress' | 'ocr' | 'merge';

export const COMPRESS_LEVELS = ['low', 'medium', 'high'] as const;
export type CompressLevel = (typeof COMPRESS_LEVELS)[number];

/** What OCR produces: plain text (pages separated by a form feed) or a searchable PDF. */
export const OCR_OUTPUTS = ['txt', 'pdf'] as const;
export type OcrOutput = (typeof OCR_OUTPUTS)[number];

/** Largest `target_size` we take (1 TB): anything above is no target at all. */
const MAX_TARGET_SIZE = 1e12;

export const CompressOptions = z.strictObject({
  level: z.enum(COMPRESS_LEVELS).default('medium'),
  /** Bytes to aim at or below: best effort (JPEG and PDF); `targetMissed` records a miss. */
  target_size: z.number().int().positive().max(MAX_TARGET_SIZE).optional(),
});
export type CompressOptions = z.output<typeof CompressOptions>;

/** A tesseract language code as Debian installs them (`eng`, `chi_sim`, `deu_latf`). */
export const OCR_LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)?$/;

export const OcrOptions = z.strictObject({
  languages: z.array(z.string().regex(OCR_LANGUAGE_CODE)).min(1).max(8),
  output: z.enum(OCR_OUTPUTS),
});
export type OcrOptions = z.output<typeof OcrOptions>;

/** The only format a merge writes. */
export const MERGE_TARGETS = ['pdf'] as const;

/** One file of a merge: where it sits in the stored input (the parts lie end to end, in order). */
export const MergePart = z.strictObject({
  /** Its format, detected from its bytes at the upload. */
  format: z.string().min(1),
  /** Its clean file name (shown in a refusal or failure naming it). */
  name: z.string(),
  /** Its length in bytes. */
  size: z.number().int().nonnegative(),
});
export type MergePart = z.output<typeof MergePart>;

/**
 * A merge row's options: its parts in order, and whether the joined PDF is made PDF/A-2b (the
 * request's `pdfa`, checked with the shared pdfa option of lib/engines/pdf/pdfa-option.ts).
 */
export const MergeOptions = z.strictObject({
  parts: z.array(MergePart).min(2),
  pdfa: z.boolean().default(false),
});
export type MergeOptions = z.output<typeof MergeOptions>;

const OPTIONS_SCHEMAS = {
  // Checked per (source, target) by convert-options.ts, once the source format is known.
  convert: z.record(z.string(), z.unknown()),
  compress: CompressOptions,
  ocr: OcrOptions,
  merge: MergeOptions,
} as const satisfies Record<Tool, z.ZodType>;

type ToolOptions = { [K in Tool]: z.output<(typeof OPTIONS_SCHEMAS)[K]> };

/** A job's tool and its parsed options, as the engine receives them. */
export type ToolJob = { [K in Tool]: { name: K; options: ToolOptions[K] } }[Tool];

/** Parses a row's options for its tool; null when they do not fit (a job that can never succeed). */
export function parseToolOptions(name: Tool, raw: unknown): ToolJob | null {
  const parsed = OPTIONS_SCHEMAS[name].safeParse(raw ?? {});
  return parsed.success ? ({ name, options: parsed.data } as ToolJob) : null;
}
