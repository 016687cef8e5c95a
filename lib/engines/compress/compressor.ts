import { copyFile, stat } from 'node:fs/promises';
import { CompressOptions, type CompressOptions as Options } from '@/lib/domain/tools';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { readHead } from '@/lib/formats/read-head';
import type { Engine, EngineJob, EngineLimits } from '../types';
import { log } from '@/lib/log/logger';

// The rules every compressor shares, whatever tool does the work: the result is never larger
// than the input (the original bytes are the result then) and always the input's own format,
// checked from its magic bytes before the job completes.

export type CompressFamily = {
  name: string;
  formats: readonly FormatName[];
  limits?: EngineLimits;
  inspect?: Engine['inspect'];
  /** Writes job.outputPath in the input's format, aiming at `target_size` where the family can. */
  compress: (job: EngineJob, options: Options) => Promise<void>;
};

/** Same format as the input, proven by content (the name only picks inside a proven family). */
async function sameFormat(file: string, format: FormatName): Promise<boolean> {
  const size = (await stat(file).catch(() => null))?.size ?? 0;
  return size > 0 && (await detectFormat(await readHead(file), `result.${format}`)) === format;
}

async function compressInPlace(family: CompressFamily, job: EngineJob) {
  const options = CompressOptions.parse(job.options);
  await family.compress(job, options);
  const before = (await stat(job.inputPath)).size;
  const verified = await sameFormat(job.outputPath, job.inputFormat);
  if (!verified) log.warn(`[compress ${family.name}] result is not ${job.inputFormat}: the original is kept`);
  const after = verified ? (await stat(job.outputPath)).size : Infinity;
  if (after >= before) await copyFile(job.inputPath, job.outputPath);
  const final = Math.min(before, after);
  job.onProgress(100);
  if (options.target_size === undefined || final <= options.target_size) return {};
  return {
    note:
      `Target size not reached: ${final} bytes is the smallest result at this level ` +
      `(target ${options.target_size} bytes)`,
  };
}

/** An engine for the `compress` tool: each format compresses to itself. */
export function compressor(family: CompressFamily): Engine {
  return {
    name: `compress-${family.name}`,
    tool: 'compress',
    conversions: family.formats.map((f) => ({ from: [f], to: [f] })),
    limits: family.limits,
    inspect: family.inspect,
    convert: (job) => compressInPlace(family, job),
  };
}
