'use client';

import { createTransmute, TransmuteError } from '@transmute/client';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { guessSource } from '@/components/converter/format-utils';
import { ProgressBar } from '@/components/converter/progress-bar';
import type { FormatEntry } from '@/components/converter/types';
import { watchConversion } from '@/components/converter/watch-conversion';
import { buttonStyles } from '@/components/ui/button-styles';
import { smallButton } from '@/components/dashboard/small-button';
import { moveEntry, reconcileOrder } from './combine-order';
import type { FileItem } from './use-multi-upload';

const iconButton = smallButton.secondary.replace('h-9', 'size-11 sm:size-9').replace('px-3', 'px-0');
const COMBINED_NAME = 'combined.pdf';

type Merge =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'working'; id: number; progress: number }
  | { state: 'done'; id: number }
  | { state: 'failed'; message: string };

/** Whether the file can become a page of a PDF (it is one, or its format lists PDF as a target). */
function canBecomePdf(file: File, formats: readonly FormatEntry[]): boolean {
  const source = guessSource(file.name, formats);
  return source?.format === 'pdf' || (source?.targets.includes('pdf') ?? false);
}

/**
 * "Combine into one PDF": the files that can become PDF, in an order changed by drag or by the
 * move buttons (each move announced), merged on the server into one PDF (POST /merge through the
 * typed client), followed like any conversion and downloaded.
 */
export function CombinePdf({ items, formats }: { items: FileItem[]; formats: readonly FormatEntry[] }) {
  const candidates = items.filter((i) => canBecomePdf(i.file, formats));
  const [order, setOrder] = useState<string[]>([]);
  const [merge, setMerge] = useState<Merge>({ state: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const [open, setOpen] = useState(false);
  const dragged = useRef<string | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatching.current?.(), []);

  const keys = reconcileOrder(
    order,
    candidates.map((i) => i.key),
  );
  const ordered = keys.map((key) => candidates.find((i) => i.key === key)!);
  if (candidates.length < 2 && merge.state === 'idle') return null;

  const move = (from: number, to: number) => {
    const next = moveEntry(keys, from, to);
    setOrder(next);
    const name = ordered[from]?.file.name;
    const at = next.indexOf(keys[from]) + 1;
    setAnnouncement(`${name} moved to position ${at} of ${next.length}.`);
  };

  async function combine() {
    setMerge({ state: 'sending' });
    try {
      const client = createTransmute();
      const conversion = await client.merge(ordered.map((i) => ({ file: i.file, name: i.file.name })));
      setMerge({ state: 'working', id: conversion.id, progress: conversion.progress });
      stopWatching.current = watchConversion(conversion.id, {
        onUpdate: (u) => {
          if (u.status === 'completed') setMerge({ state: 'done', id: conversion.id });
          else if (u.status === 'failed' || u.status === 'cancelled')
            setMerge({ state: 'failed', message: u.error ?? `The merge was ${u.status}.` });
          else setMerge({ state: 'working', id: conversion.id, progress: u.progress });
        },
        onLost: (message) => setMerge({ state: 'failed', message }),
      });
    } catch (e) {
      setMerge({ state: 'failed', message: e instanceof TransmuteError ? e.error : String(e) });
    }
  }

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    const from = dragged.current ? keys.indexOf(dragged.current) : -1;
    dragged.current = null;
    if (from >= 0) move(from, to);
  };
  const busy = merge.state === 'sending' || merge.state === 'working';

  return (
    <section
      aria-labelledby="combine-heading"
      data-testid="combine-pdf"
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 px-3 py-1 sm:px-4 dark:border-zinc-800"
    >
      <h3 id="combine-heading" className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="combine-body"
          onClick={() => setOpen(!open)}
          data-testid="combine-toggle"
          className="flex min-h-11 w-full items-center gap-2 rounded-lg text-left focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none"
        >
          <span aria-hidden="true" className={`text-zinc-500 transition-transform ${open ? 'rotate-90' : ''}`}>
            ▶
          </span>
          Combine into one PDF
          <span className="ml-auto text-sm font-normal text-zinc-600 dark:text-zinc-400">
            {ordered.length} files can be pages
          </span>
        </button>
      </h3>
      <div id="combine-body" hidden={!open} className="flex flex-col gap-3 pb-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Pages follow this order: drag a file, or move it with its buttons.
        </p>
        <ol className="flex flex-col gap-2" data-testid="combine-order">
          {ordered.map((item, index) => (
            <li
              key={item.key}
              draggable={!busy}
              onDragStart={(e) => {
                dragged.current = item.key;
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              data-testid="combine-file"
              className="flex min-w-0 cursor-grab items-center gap-2 rounded-lg border border-zinc-200 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              <span aria-hidden="true" className="w-6 shrink-0 text-center font-mono text-zinc-500">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 truncate" title={item.file.name}>
                {item.file.name}
              </span>
              <button
                type="button"
                className={iconButton}
                disabled={busy || index === 0}
                aria-label={`Move ${item.file.name} up`}
                onClick={() => move(index, index - 1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className={iconButton}
                disabled={busy || index === ordered.length - 1}
                aria-label={`Move ${item.file.name} down`}
                onClick={() => move(index, index + 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </li>
          ))}
        </ol>
        <p aria-live="polite" className="sr-only" data-testid="combine-announcement">
          {announcement}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy || ordered.length < 2}
            onClick={() => void combine()}
            data-testid="combine-button"
          >
            Combine {ordered.length} files into one PDF
          </button>
          {merge.state === 'done' && (
            <a
              href={`/api/v1/convert/download/${merge.id}`}
              download={COMBINED_NAME}
              className={buttonStyles.primary}
              data-testid="combine-download"
            >
              Download {COMBINED_NAME}
            </a>
          )}
        </div>
        {(merge.state === 'sending' || merge.state === 'working') && (
          <ProgressBar
            testId="combine-progress"
            label={merge.state === 'sending' ? 'Uploading' : 'Combining'}
            value={merge.state === 'working' ? merge.progress : 0}
            indeterminate={merge.state === 'sending'}
          />
        )}
        {merge.state === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="combine-error">
            <span className="font-semibold">Could not combine:</span> {merge.message}
          </p>
        )}
      </div>
    </section>
  );
}
