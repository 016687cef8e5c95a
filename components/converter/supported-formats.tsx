import { FAMILY_LABELS } from './format-utils';
import type { FormatEntry, FormatFamily } from './types';

/** What the server converts, by family (from GET /api/v1/formats). */
export function SupportedFormats({ formats, loading }: { formats: readonly FormatEntry[]; loading: boolean }) {
  const families = new Map<FormatFamily, FormatEntry[]>();
  for (const f of formats) families.set(f.family, [...(families.get(f.family) ?? []), f]);

  return (
    <section aria-labelledby="formats-heading" className="flex flex-col gap-4">
      <h2 id="formats-heading" className="text-lg font-semibold tracking-tight">
        Supported formats
      </h2>
      {loading ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading formats…</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[...families].map(([family, list]) => (
            <div
              key={family}
              className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/50"
            >
              <dt className="text-sm font-semibold">{FAMILY_LABELS[family]}</dt>
              <dd className="mt-2 flex flex-wrap gap-1.5">
                {list.map((f) => (
                  <span
                    key={f.format}
                    title={`${f.label} → ${f.targets.join(', ')}`}
                    className="rounded-md bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                  >
                    {f.format}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
