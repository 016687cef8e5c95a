import { AppError } from '@/lib/errors';
import { findEngine } from '@/lib/engines/registry';
import { disabledPairMessage } from '@/lib/engines/format-policy';
import { type FormatName, resolveFormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { cleanFileName } from '@/lib/conversions/file-names';
import { parseConvertOptions, parseOptionsText } from '@/lib/conversions/convert-options';
import type { StoredInput } from '@/lib/conversions/stored-input';

export type CheckedInput = {
  fileName: string;
  source: FormatName;
  target: FormatName;
  options: Record<string, unknown>;
};

/** Checks `target_format` against the catalog; a missing or unknown target is a 400. */
export function parseTargetFormat(raw: string | undefined): FormatName {
  const target = raw?.trim().toLowerCase().replace(/^\./, '');
  if (!target) throw new AppError('validation_failed', 'Missing "target_format"');
  const name = resolveFormatName(target); // aliases too: jpeg, tif, htm…
  if (!name) throw new AppError('unsupported_format', `Unknown target_format "${target}"; see GET /api/v1/formats`);
  return name;
}

/** The input's clean name and its format, detected from its bytes; an empty or unknown file is a 400. */
export async function detectSource(input: StoredInput): Promise<{ fileName: string; source: FormatName }> {
  const fileName = cleanFileName(input.fileName);
  if (input.size === 0) throw new AppError('missing_file', 'The uploaded file is empty');
  const source = await detectFormat(input.head, fileName);
  if (!source) {
    throw new AppError(
      'unsupported_format',
      'Unrecognised file format: the content matches none of the supported formats',
    );
  }
  return { fileName, source };
}

/** The engine that converts `source` to `target`; a pair nothing converts is a 400. */
export function engineFor(source: FormatName, target: FormatName) {
  const engine = findEngine(source, target);
  if (!engine) {
    const disabled = disabledPairMessage(source, target);
    if (disabled) throw new AppError('unsupported_conversion', disabled);
    throw new AppError('unsupported_conversion', `Cannot convert ${source} to ${target}; see GET /api/v1/formats`);
  }
  return engine;
}

/**
 * The checks a stored input passes before it becomes a conversion: a known target, a non-empty
 * file, a format detected from its bytes, an engine for the pair and options that fit it. Throws the
 * 400 otherwise. (createConversion runs the same pieces; the batch upload checks every file before
 * keeping any, and a URL import checks its file once fetched.)
 */
export async function checkInput(
  input: StoredInput,
  targetFormat: string | undefined,
  optionsText?: string,
): Promise<CheckedInput> {
  const target = parseTargetFormat(targetFormat);
  const { fileName, source } = await detectSource(input);
  const engine = engineFor(source, target);
  const options = parseConvertOptions(source, target, parseOptionsText(optionsText), engine);
  return { fileName, source, target, options };
}
