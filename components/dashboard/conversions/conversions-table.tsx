'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { api, attempt } from '@/components/api/browser-client';
import { formatBytes } from '@/components/ui/format-bytes';
import { ConfirmDialog } from '../confirm-dialog';
import { smallButton } from '../small-button';
import { ConversionActions } from './conversion-actions';

/** One row as the page hands it over: the listing's fields with the dates already written out. */
export type ConversionRow = {
  id: string;
  fileName: string;
  from: string;
  to: string;
  status: string;
  inputSize: number;
  resultSize: number | null;
  createdAt: string;
  expiresAt: string;
  created: string;
  expires: string;
  completed: boolean;
  retryable: boolean;
};

const conversions = (n: number) => `${n} conversion${n === 1 ? '' : 's'}`;

/** The "select every row" box: checked, unchecked, or mixed when only some are. */
function SelectAll({ rows, selected, onChange }: { rows: number; selected: number; onChange: (all: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selected > 0 && selected < rows;
  }, [selected, rows]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select every conversion on this page"
      data-testid="select-all-conversions"
      checked={rows > 0 && selected === rows}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4"
    />
  );
}

// Phones show these under the file's name, so that a row's actions fit on the screen beside it.
const BESIDE_NAME_ON_PHONES = ['Status', 'Size', 'Created', 'Expires'];

/** The account's conversions on this page: each row's actions, and a selection deleted at once. */
export function ConversionsTable({ rows }: { rows: ConversionRow[] }) {
  const router = useRouter();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  // Rows gone after a refresh are no longer selected.
  const chosen = rows.filter((r) => selected.has(r.id));

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function deleteChosen() {
    setPending(true);
    setError('');
    const failures: string[] = [];
    // One after another: a page holds at most one page of rows, and each answer is reported.
    for (const row of chosen) {
      const result = await attempt(
        api.DELETE('/api/v1/conversions/{id}', { params: { path: { id: String(row.id) } } }),
      );
      if (!result.ok && result.error.status !== 404) failures.push(`${row.fileName}: ${result.message}`);
    }
    setPending(false);
    const deleted = chosen.length - failures.length;
    if (failures.length > 0) setError(`Not deleted: ${failures.join('; ')}`);
    else setConfirming(false);
    setSelected(new Set());
    setMessage(deleted > 0 ? `Deleted ${conversions(deleted)}.` : '');
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={smallButton.danger}
          disabled={chosen.length === 0}
          onClick={() => {
            setError('');
            setConfirming(true);
          }}
          data-testid="delete-selected"
        >
          Delete selected ({chosen.length})
        </button>
        <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="bulk-status">
          {message}
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${conversions(chosen.length)}?`}
        confirmLabel={`Delete ${conversions(chosen.length)}`}
        pending={pending}
        error={error}
        onConfirm={() => void deleteChosen()}
        onCancel={() => setConfirming(false)}
        testId="bulk-delete-dialog"
      >
        <p>The files and their results are deleted for good, and their share links stop working.</p>
        <ul className="list-disc pl-5">
          {chosen.map((r) => (
            <li key={r.id} className="truncate">
              {r.fileName}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
      {/* `relative`: the cells' screen-reader words (sr-only, absolute) scroll with the table instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="conversions-table">
          <thead className="text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="w-8 py-2 pr-3 font-medium">
                <SelectAll
                  rows={rows.length}
                  selected={chosen.length}
                  onChange={(all) => setSelected(new Set(all ? rows.map((r) => r.id) : []))}
                />
              </th>
              {['File', 'Status', 'Size', 'Created', 'Expires'].map((h) => (
                <th
                  key={h}
                  scope="col"
                  className={`py-2 pr-3 font-medium ${BESIDE_NAME_ON_PHONES.includes(h) ? 'max-sm:hidden' : ''}`}
                >
                  {h}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((c) => (
              <tr key={c.id} data-testid="conversion-row" data-selected={selected.has(c.id) || undefined}>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${c.fileName}`}
                    data-testid="select-conversion"
                    checked={selected.has(c.id)}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                    className="size-4"
                  />
                </td>
                <td className="max-w-56 py-2 pr-3">
                  <span className="block truncate font-medium" title={c.fileName}>
                    {c.fileName}
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {c.from.toUpperCase()} → {c.to.toUpperCase()}
                  </span>
                  <span className="flex flex-col text-xs text-zinc-600 sm:hidden dark:text-zinc-400">
                    <span>
                      {c.status} ·{' '}
                      <span className="whitespace-nowrap">
                        {formatBytes(c.inputSize)}
                        {c.resultSize !== null && ` → ${formatBytes(c.resultSize)}`}
                      </span>
                    </span>
                    <span>
                      {c.created} · expires {c.expires}
                    </span>
                  </span>
                </td>
                <td className="py-2 pr-3 max-sm:hidden">{c.status}</td>
                <td className="py-2 pr-3 whitespace-nowrap tabular-nums max-sm:hidden">
                  {formatBytes(c.inputSize)}
                  {c.resultSize !== null && ` → ${formatBytes(c.resultSize)}`}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap max-sm:hidden">{c.created}</td>
                <td className="py-2 pr-3 whitespace-nowrap max-sm:hidden">{c.expires}</td>
                <td className="py-2">
                  <ConversionActions
                    id={c.id}
                    fileName={c.fileName}
                    expiresAt={c.expiresAt}
                    completed={c.completed}
                    retryable={c.retryable}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
