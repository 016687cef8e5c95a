import type { FormatResults } from './search-formats';

const number = new Intl.NumberFormat('en-US');
const count = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** What the list below holds, in words; announced as it changes (a polite status). */
function summary({ matches, pairCount, query }: FormatResults, searched: string): string {
  const formats = count(matches.length, 'format', 'formats');
  const pairs = count(pairCount, 'conversion', 'conversions');
  const quoted = `“${searched.trim()}”`;
  if (query.kind === 'all') return `${formats}, ${pairs}.`;
  if (matches.length === 0) {
    return query.kind === 'pair' ? `No conversion matches ${quoted}.` : `No format matches ${quoted}.`;
  }
  if (query.kind === 'pair') return `${pairs} from ${formats} ${pairCount === 1 ? 'matches' : 'match'} ${quoted}.`;
  return `${formats} ${matches.length === 1 ? 'matches' : 'match'} ${quoted}, with ${pairs}.`;
}

export function SearchSummary({
  results,
  searched,
  onClear,
}: {
  results: FormatResults;
  searched: string;
  onClear: () => void;
}) {
  const empty = results.matches.length === 0;
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="status" data-testid="format-summary" className="text-sm font-medium">
        {summary(results, searched)}
      </p>
      {empty && (
        <div className="flex flex-col items-start gap-1 text-sm text-zinc-600 dark:text-zinc-400">
          <p>
            Try the file’s extension (“heic”), a kind of file (“video”), or a pair written “heic to jpg”. Some pairs
            take two steps: convert to a common format such as PDF or PNG first.
          </p>
          <button
            type="button"
            onClick={onClear}
            className="-mx-2 inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300"
          >
            Show every format
          </button>
        </div>
      )}
    </div>
  );
}
