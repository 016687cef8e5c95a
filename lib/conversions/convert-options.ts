import type { z } from 'zod';
import { AppError } from '@/lib/errors';
import { findEngine, OPTION_NAMES, sameFormatOption } from '@/lib/engines/registry';
import type { Engine } from '@/lib/engines/types';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';

// A conversion's `options`, checked against what the engine that converts the pair declares: its
// schema (each option with its range and default) and which of its fields the pair takes. An
// unknown option, a value out of range, or an option that does not apply to the pair (`crf` for an
// MP3, `pages` for a PNG, anything for a pair whose engine applies none) is a 400 naming it.

/** The options one pair takes: the fields of its engine's schema that apply to it. */
export type PairOptions = { schema: z.ZodObject; names: readonly string[] };

/** The options a (source, target) pair takes, or none: decided by the engine that converts it. */
export function applicableOptions(
  source: FormatName,
  target: FormatName,
  engine: Engine | undefined = findEngine(source, target),
): PairOptions | null {
  const declared = engine?.options;
  const names = declared?.names(source, target) ?? [];
  return declared && names.length > 0 ? { schema: declared.schema, names } : null;
}

const invalid = (message: string) => new AppError('validation_failed', message);

/** `options` as sent in a multipart part (JSON text): an object, or a 400. Empty text is no options. */
export function parseOptionsText(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('"options" is not valid JSON: send an object like {"width": 800}');
  }
  return asObject(value);
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('"options" must be a JSON object like {"width": 800}');
  }
  return value as Record<string, unknown>;
}

/**
 * Checks `raw` for converting `source` to `target` with `engine` (by default the one that converts
 * the pair); returns the options with their defaults, as stored in the conversion's options column
 * ({} when the pair takes none and none were sent).
 */
export function parseConvertOptions(
  source: FormatName,
  target: FormatName,
  raw: unknown,
  engine: Engine | undefined = findEngine(source, target),
): Record<string, unknown> {
  const given = raw === undefined || raw === null ? {} : asObject(raw);
  const applicable = applicableOptions(source, target, engine);
  for (const name of Object.keys(given)) {
    if (!OPTION_NAMES.has(name)) throw invalid(`Unknown option "${name}"`);
    if (!applicable?.names.includes(name)) throw invalid(`Option "${name}" does not apply to ${source} → ${target}`);
  }
  if (!applicable) return {};
  const parsed = applicable.schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue.path[0] === undefined ? '' : `Option "${String(issue.path[0])}": `;
    throw invalid(`${name}${issue.message}`);
  }
  const needed = engine && sameFormatOption(engine, source, target);
  if (needed && (parsed.data as Record<string, unknown>)[needed] !== true) {
    const label = FORMATS[source].extension.toUpperCase();
    throw invalid(`${label} → ${label} needs {"${needed}": true}: without it the file would come back unchanged`);
  }
  // Defaults of options that do not apply to this target (remove_audio for an MP3) are not kept.
  return Object.fromEntries(Object.entries(parsed.data).filter(([k]) => applicable.names.includes(k)));
}

/**
 * Checks `raw` before the source format is known (URL import, parts complete): it must fit at least
 * one source that converts to `target`. The pair is checked again once the bytes are in.
 */
export function checkOptionsForTarget(target: FormatName, raw: unknown): void {
  const given = raw === undefined || raw === null ? {} : asObject(raw);
  if (Object.keys(given).length === 0) return;
  const seen = new Set<string>();
  let first: unknown;
  for (const source of Object.keys(FORMATS) as FormatName[]) {
    const engine = findEngine(source, target);
    const applicable = applicableOptions(source, target, engine);
    // Sources whose pairs take the same options answer the same: each set is tried once.
    const key = applicable && `${engine!.name}:${applicable.names.join()}`;
    if (!key || seen.has(key)) continue;
    seen.add(key);
    try {
      parseConvertOptions(source, target, given, engine);
      return;
    } catch (e) {
      first ??= e;
    }
  }
  throw first ?? invalid(`${target} output takes no options`);
}
