import { AppError } from '@/lib/api/errors';
import { findEngine } from '@/lib/engines/registry';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { cleanFileName } from '@/lib/conversions/file-names';
import { parseConvertOptions, parseOptionsText } from '@/lib/conversions/convert-options';
import { parseTargetFormat, type StoredInput } from '@/lib/conversions/create-conversion';

export type CheckedInput = {
  fileName: string;
  source: FormatName;
  target: FormatName;
  options: Record<string, unknown>;
};

/**
 * The checks a stored input passes before it becomes a conversion: a known target, a non-empty
 * file, a format detected from its bytes, an engine for the pair and options that fit it. Throws the 400 otherwise.
 * (The same rules as createConversion's; the batch upload checks every file before keeping any.)
 */
export async function checkInput(
  input: StoredInput,
  targetFormat: string | undefined,
  optionsText?: string,
): Promise<CheckedInput> {
  const target = parseTargetFormat(targetFormat);
  const fileName = cleanFileName(input.fileName);
  if (input.size === 0) throw new AppError('missing_file', 'The uploaded file is empty');
  const source = await detectFormat(input.head, fileName);
  if (!source) {
    throw new AppError(
      'unsupported_format',
      'Unrecognised file format: the content matches none of the supported formats',
    );
  }
  const engine = findEngine(source, target);
  if (!engine) {
    throw new AppError('unsupported_conversion', `Cannot convert ${source} to ${target}; see GET /api/v1/formats`);
  }
  const options = parseConvertOptions(source, target, parseOptionsText(optionsText), engine.name);
  return { fileName, source, target, options };
}
