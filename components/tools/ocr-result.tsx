'use client';

import { useEffect, useState } from 'react';
import { ResultPanel } from '@/components/converter/result-panel';
import type { Conversion } from '@/components/converter/types';
import { useResultBytes } from './use-result-bytes';

/** Characters of recognised text shown inline; the download has all of it. */
const SHOWN_CHARS = 20_000;

/** The recognised text, pages divided by a rule (the file separates them with form feeds). */
function RecognisedText({ id }: { id: number }) {
  const result = useResultBytes(id);
  const [text, setText] = useState<{ id: number; value: string }>();
  useEffect(() => {
    if (result && 'blob' in result) void result.blob.text().then((value) => setText({ id, value }));
  }, [id, result]);
  const shown = text?.id === id ? text.value : undefined;
  if (result && 'failed' in result)
    return <p className="text-sm text-zinc-500">The text could not be loaded; the download still works.</p>;
  const pages = shown?.slice(0, SHOWN_CHARS).split('\f') ?? [];
  return (
    <figure
      className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800"
      aria-busy={shown === undefined}
    >
      <div data-testid="ocr-text" className="max-h-96 overflow-auto bg-white p-4 dark:bg-zinc-950">
        {shown === undefined && <span className="animate-pulse text-sm text-zinc-500">Loading the text…</span>}
        {shown !== undefined && shown.trim() === '' && (
          <span className="text-sm text-zinc-500">No text was found.</span>
        )}
        {pages.map((page, i) => (
          <pre
            key={i}
            className={`font-mono text-sm whitespace-pre-wrap ${i > 0 ? 'mt-4 border-t border-dashed border-zinc-300 pt-4 dark:border-zinc-700' : ''}`}
          >
            {page}
          </pre>
        ))}
      </div>
      <figcaption className="border-t border-zinc-200 bg-zinc-50 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
        Recognised text{pages.length > 1 ? ` · ${pages.length} pages` : ''}
        {shown && shown.length > SHOWN_CHARS ? ' · the beginning; download for all of it' : ''}
      </figcaption>
    </figure>
  );
}

export function OcrResult({ conversion }: { conversion: Conversion }) {
  return (
    <div className="flex flex-col gap-4">
      {conversion.target_format === 'txt' && <RecognisedText id={conversion.id} />}
      <ResultPanel conversion={conversion} />
    </div>
  );
}
