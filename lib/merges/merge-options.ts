import { AppError } from '@/lib/errors';
import { parseOptionsText } from '@/lib/conversions/convert-options';
import { MergeRequestOptions } from '@/lib/engines/merge/options';

const invalid = (message: string) => new AppError('validation_failed', message);

/**
 * A merge's `options` part (JSON text, as the upload's): only the merged PDF's own options, with
 * their defaults. Anything else, a conversion's option included, is a 400 naming it.
 */
export function parseMergeOptions(raw: string | undefined): MergeRequestOptions {
  const given = parseOptionsText(raw) ?? {};
  const names = Object.keys(MergeRequestOptions.shape);
  for (const name of Object.keys(given)) {
    if (!names.includes(name))
      throw invalid(`Option "${name}" does not apply to a merge; it takes: ${names.join(', ')}`);
  }
  const parsed = MergeRequestOptions.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(`Option "${String(issue.path[0])}": ${issue.message}`);
}
