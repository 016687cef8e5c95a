import type { Tool } from '@/lib/domain/tools';
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
  /** The tool's options, already parsed with its schema (lib/domain/tools.ts). */
  options: Record<string, unknown>;
  /** Aborted on cancel or timeout: the engine must kill its whole process group. */
  signal: AbortSignal;
  /** Real progress 0–100 where the engine reports it. */
  onProgress: (percent: number) => void;
};

export type Engine = {
  name: string;
  /** The tool it serves (default `convert`); a compressor's pairs are from a format to itself. */
  tool?: Tool;
  /** Programs it runs (looked up in /usr/bin): when one is missing the engine and its formats are not offered. */
  requires?: readonly string[];
  /** The pairs this engine converts: each input format with the targets it reaches. */
  conversions: ReadonlyArray<{ from: readonly FormatName[]; to: readonly FormatName[] }>;
  /**
   * Checks the input (claimed format, pixel floods, zip bombs); throws AppError('unsupported_format')
   * if refused. The pipeline calls it once, before `convert`, which relies on it and never repeats it.
   */
  inspect?: (job: Pick<EngineJob, 'inputPath' | 'inputFormat' | 'signal'>) => Promise<void>;
  /**
   * Writes `outputPath`; a `note` (e.g. a compression target missed) is shown with the completed
   * conversion. `pages`: the output is a ZIP of that many page images (one per page of the input).
   */
  convert: (job: EngineJob) => Promise<void | { note?: string; pages?: number }>;
};
