import type { Tool } from '@/lib/domain/tools';
import type { z } from 'zod';
import type { FormatName } from '@/lib/formats/catalog';

/** One conversion as an engine sees it: local files inside a private working directory. */
export type EngineJob = {
  /** Private working directory of this run; the engine may only read and write inside it. */
  workDir: string;
  /** Input file inside workDir, named `input.<ext>` (never the user's file name). */
  inputPath: string;
  inputFormat: FormatName;
  targetFormat: FormatName;
  /** Where the engine must leave its result, inside workDir. */
  outputPath: string;
  /**
   * The tool's options, already parsed: a conversion's with the engine's `options`, another tool's
   * with its schema (lib/domain/tools.ts).
   */
  options: Record<string, unknown>;
  /** Aborted on cancel or timeout: the engine must kill its whole process group. */
  signal: AbortSignal;
  /** Real progress 0–100 where the engine reports it. */
  onProgress: (percent: number) => void;
};

/** The options an engine applies to a conversion: a strict object schema, and which fields a pair takes. */
export type EngineOptions<Schema extends z.ZodObject = z.ZodObject> = {
  /** Fields with their ranges and defaults; its OpenAPI id names it in GET /api/v1/formats. */
  schema: Schema;
  /** The fields that apply to one of the engine's pairs (none: the pair takes no options). */
  names: (from: FormatName, to: FormatName) => ReadonlyArray<keyof z.output<Schema> & string>;
};

/** What an engine refuses to decode, checked on the input before anything is allocated for it. */
export type EngineLimits = {
  /** Pixels of the largest image or frame it reads (lib/engines/limits.ts). */
  maxPixels: number;
};

export type Engine = {
  name: string;
  /** The tool it serves (default `convert`); a compressor's pairs are from a format to itself. */
  tool?: Tool;
  /** Programs it runs (looked up in /usr/bin): when one is missing the engine and its formats are not offered. */
  requires?: readonly string[];
  /**
   * The pairs this engine converts: each input format with the targets it reaches. A format to
   * itself is no conversion and is left out, unless the entry names `onlyWith`: the boolean option
   * that must be `true` for the pair, which would otherwise give the file back unchanged (PDF → PDF
   * with `pdfa`).
   */
  conversions: ReadonlyArray<{ from: readonly FormatName[]; to: readonly FormatName[]; onlyWith?: string }>;
  /** The conversion options it applies (none declared: its pairs take no options). */
  options?: EngineOptions;
  /**
   * It writes PDF/A-2b itself when a conversion's `pdfa` is true, so the pipeline's PDF/A pass
   * (./pdf/pdfa.ts), run after every other engine's PDF with `pdfa`, is not repeated.
   */
  writesPdfA?: boolean;
  limits?: EngineLimits;
  /**
   * Checks the input (claimed format, pixel floods, zip bombs); throws AppError('unsupported_format')
   * if refused. The pipeline calls it once, before `convert`, which relies on it and never repeats it.
   */
  inspect?: (job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>) => Promise<void>;
  /**
   * Writes `outputPath`; a `note` (e.g. a compression target missed) is shown with the completed
   * conversion. `parts`: the output is a ZIP of that many files (a document's pages as images, a
   * workbook's sheets, a document beside its pictures), downloaded as `<name>.zip`.
   */
  convert: (job: EngineJob) => Promise<void | { note?: string; parts?: number }>;
};
