'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { DropZone } from '@/components/converter/drop-zone';
import { describeFormat, guessSource, targetsFor } from '@/components/converter/format-utils';
import {
  type OptionValues,
  OptionsPanel,
  optionNames,
  optionsToSend,
  requiredOptions,
} from '@/components/converter/options-panel';
import type { ErrorInfo } from '@/components/converter/types';
import { useFormats } from '@/components/converter/use-formats';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import type { BatchLimit } from '@/lib/accounts/batch-limit';
import { BatchLimitNote } from './batch-limit-note';
import { BatchResults } from './batch-results';
import { FileRow } from './file-row';
import { FolderPicker } from './folder-picker';
import { useReceiveManyFiles } from './many-files-hand-off';
import { FINISHED, REFUSED_BEFORE_SENDING, type FileItem, useMultiUpload } from './use-multi-upload';

/**
 * Many files at once: each uploads on its own over tus (resumable, with its progress, pause, cancel
 * and retry) and converts as its own conversion, to one target for all or its own. When the plan's
 * files per batch allow it, "Download all" makes them one batch and downloads its ZIP.
 */
export function BatchConverter({ limit }: { limit: BatchLimit }) {
  const { formats } = useFormats();
  const [common, setCommon] = useState('');
  const [commonOptions, setCommonOptions] = useState<OptionValues>({});
  // How many files the one-file converter handed over, and which hand-off (focus follows each one).
  const [handedOver, setHandedOver] = useState({ files: 0, times: 0 });
  const handOffNote = useRef<HTMLParagraphElement>(null);
  const targetsOf = useCallback((file: File) => targetsFor(guessSource(file.name, formats), formats), [formats]);

  const ready = (items: FileItem[]) => items.filter((i) => i.state === 'ready');
  // The target for all: one every waiting file can go to (judged by extension; the server decides from the bytes).
  const commonTargets = (items: FileItem[]) =>
    ready(items)
      .map((i) => targetsOf(i.file))
      .reduce<string[] | null>((a, b) => (a === null ? b : a.filter((t) => b.includes(t))), null) ?? [];

  const multi = useMultiUpload();
  const { items } = multi;

  const shared = commonTargets(items);
  const chosen = shared.includes(common) ? common : (shared[0] ?? '');
  const resolveTarget = (item: FileItem) => {
    const own = targetsOf(item.file);
    return item.target ?? (own.includes(chosen) ? chosen : (own[0] ?? ''));
  };
  // The options that apply to a file's pair; the panel for all shows those of any waiting file.
  const optionsOf = (item: FileItem) => optionNames(guessSource(item.file.name, formats), resolveTarget(item));
  const waiting = ready(items);
  const commonNames = [...new Set(waiting.flatMap(optionsOf))];
  const settle = (item: FileItem) => ({
    target: resolveTarget(item),
    send: {
      ...optionsToSend(optionsOf(item), item.options ?? commonOptions),
      ...requiredOptions(guessSource(item.file.name, formats), resolveTarget(item)),
    },
  });

  const allFinished = items.length > 0 && items.every((i) => FINISHED.includes(i.state));
  const converted = items.filter((i) => i.state === 'completed').length;

  function refuse(file: File): ErrorInfo | null {
    if (limit.maxUploadBytes === null || file.size <= limit.maxUploadBytes) return null;
    return {
      title: 'Too large',
      message: `${formatBytes(file.size)} is over the ${formatBytes(limit.maxUploadBytes)} a file may have on the ${limit.planName} plan; it is not sent.`,
      code: REFUSED_BEFORE_SENDING,
    };
  }

  // Several files dropped on the one-file converter: listed here, and focus follows them.
  useReceiveManyFiles((files) => {
    multi.add(files, refuse);
    setHandedOver((h) => ({ files: files.length, times: h.times + 1 }));
  });
  useEffect(() => {
    if (handedOver.times === 0) return;
    handOffNote.current?.scrollIntoView({ block: 'center' });
    handOffNote.current?.focus({ preventScroll: true });
  }, [handedOver.times]);

  return (
    <div className="flex flex-col gap-4" data-testid="batch-form">
      <BatchLimitNote limit={limit} chosen={items.length} waiting={waiting.length} charged={multi.charged} />
      {handedOver.files > 0 && (
        <p
          ref={handOffNote}
          tabIndex={-1}
          role="status"
          data-testid="batch-handed-over"
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:bg-brand-900/40 dark:text-brand-100"
        >
          The {handedOver.files} files given to the converter above are listed here: choose their targets, then convert
          them.
        </p>
      )}
      <DropZone
        file={null}
        onFile={(file) => multi.add([file], refuse)}
        onFiles={(files) => multi.add(files, refuse)}
        testId="batch-drop-zone"
        inputTestId="batch-file-input"
        hint="Each file uploads on its own and resumes after a broken connection; a folder brings every file in it"
      />
      <FolderPicker onFiles={(files) => multi.add(files, refuse)} />
      {waiting.length > 0 && (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            multi.startAll(settle);
          }}
        >
          <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium">
            Convert all to
            <select
              data-testid="batch-target"
              value={chosen}
              disabled={shared.length === 0}
              onChange={(e) => setCommon(e.target.value)}
              className="h-11 rounded-lg border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
            >
              {shared.map((t) => (
                <option key={t} value={t}>
                  {t.toUpperCase()} — {describeFormat(t, formats).label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className={buttonStyles.primary}
            disabled={waiting.some((i) => !resolveTarget(i))}
            data-testid="batch-convert"
          >
            Convert {waiting.length} file{waiting.length === 1 ? '' : 's'}
          </button>
        </form>
      )}
      {waiting.length > 0 && (
        <OptionsPanel
          names={commonNames}
          values={commonOptions}
          onChange={setCommonOptions}
          testId="batch-options"
          summary="Options for all files (each file can have its own)"
        />
      )}
      {items.length > 0 && (
        <p role="status" data-testid="batch-summary" className="text-sm text-zinc-600 dark:text-zinc-400">
          {items.length} file{items.length === 1 ? '' : 's'}, {formatBytes(items.reduce((n, i) => n + i.file.size, 0))}
          {converted > 0 && ` · ${converted} converted`}
        </p>
      )}
      <ul className="flex flex-col gap-3" data-testid="batch-panel" data-status={allFinished ? 'finished' : 'working'}>
        {items.map((item) => (
          <FileRow
            key={item.key}
            item={item}
            targets={targetsOf(item.file)}
            common={chosen}
            optionNames={optionsOf(item)}
            commonOptions={commonOptions}
            formats={formats}
            onTarget={(t) => multi.setTarget(item.key, t)}
            onOptions={(values) => multi.setOptions(item.key, values)}
            onPause={(on) => multi.pause(item.key, on)}
            onCancel={() => multi.cancel(item)}
            onRetry={() => multi.retry(item)}
            onRemove={() => multi.remove(item.key)}
          />
        ))}
      </ul>
      <BatchResults items={items} limit={limit} onRetryFailed={multi.retryFailed} />
      {items.length > 0 && allFinished && (
        <div>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => {
              multi.clear();
              setHandedOver((h) => ({ ...h, files: 0 }));
            }}
          >
            Convert more files
          </button>
        </div>
      )}
    </div>
  );
}
