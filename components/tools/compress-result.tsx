'use client';

import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { ResultPanel } from '@/components/converter/result-panel';
import type { Conversion } from '@/components/converter/types';
import { formatBytes } from '@/components/ui/format-bytes';
import { useResultSize } from './use-result-bytes';

/** The completed status's note (a `target_size` that was missed), if any. */
function useStatusNote(id: number): string | undefined {
  const [note, setNote] = useState<{ id: number; text?: string }>();
  useEffect(() => {
    const controller = new AbortController();
    const params = { path: { id: String(id) } };
    void attempt(api.GET('/api/v1/convert/status/{id}', { params, signal: controller.signal })).then((r) => {
      if (r.ok) setNote({ id, text: r.data.error });
    });
    return () => controller.abort();
  }, [id]);
  return note?.id === id ? note.text : undefined;
}

/** Before → after sizes and the saving, then the download and preview. */
export function CompressResult({ conversion, source }: { conversion: Conversion; source: File | null }) {
  const before = source?.size ?? 0;
  const result = useResultSize(conversion.id);
  const note = useStatusNote(conversion.id);
  const after = result?.size ?? undefined;
  const saved = after !== undefined && before > 0 ? Math.round((1 - after / before) * 100) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <dl
        data-testid="size-comparison"
        data-before={before}
        data-after={after}
        className="grid grid-cols-3 gap-3 rounded-xl border border-zinc-200 p-4 text-center dark:border-zinc-800"
      >
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Before</dt>
          <dd className="font-mono text-lg font-semibold tabular-nums">{formatBytes(before)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">After</dt>
          <dd className="font-mono text-lg font-semibold tabular-nums" data-testid="size-after">
            {after === undefined ? (result ? '?' : '…') : formatBytes(after)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Saved</dt>
          <dd
            className="font-mono text-lg font-semibold tabular-nums text-emerald-700 dark:text-emerald-400"
            data-testid="size-saved"
          >
            {saved === undefined ? '…' : `${saved} %`}
          </dd>
        </div>
      </dl>
      {saved === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="already-small">
          Nothing smaller came out: your file is already tight, so the result is the original.
        </p>
      )}
      {note && (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="compress-note">
          {note}
        </p>
      )}
      <ResultPanel conversion={conversion} source={source} />
    </div>
  );
}
