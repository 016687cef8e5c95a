'use client';

import { useCallback, useState } from 'react';
import { guessSource, targetsFor } from '@/components/converter/format-utils';
import {
  type OptionValues,
  OptionsPanel,
  optionNames,
  optionsToSend,
  requiredOptions,
} from '@/components/converter/options-panel';
import { type ChosenPair, preferredTarget } from '@/components/converter/popular-targets';
import { TargetCombobox } from '@/components/converter/target-combobox';
import type { ErrorInfo, FormatEntry } from '@/components/converter/types';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import type { BatchLimit } from '@/lib/accounts/batch-limit';
import { BatchLimitNote } from './batch-limit-note';
import { BatchResults } from './batch-results';
import { CombinePdf } from './combine-pdf';
import { FileRow } from './file-row';
import { FINISHED, REFUSED_BEFORE_SENDING, type FileItem, useMultiUpload } from './use-multi-upload';

/** Files over the plan's size are refused before sending, with the reason. */
export function refuseOverLimit(limit: BatchLimit) {
  return (file: File): ErrorInfo | null => {
    if (limit.maxUploadBytes === null || file.size <= limit.maxUploadBytes) return null;
    return {
      title: 'Too large',
      message: `${formatBytes(file.size)} is over the ${formatBytes(limit.maxUploadBytes)} a file may have on the ${limit.planName} plan; it is not sent.`,
      code: REFUSED_BEFORE_SENDING,
    };
  };
}

type Props = {
  limit: BatchLimit;
  multi: ReturnType<typeof useMultiUpload>;
  formats: readonly FormatEntry[];
  pair: ChosenPair;
};

/**
 * The files chosen, listed under the drop zone: each uploads on its own over tus (resumable, with
 * its progress, pause, cancel and retry) and converts as its own conversion, to its own target (a
 * default picked as it is added) or the one chosen for all. "Download all" makes them one batch and
 * downloads its ZIP; "Combine into one PDF" merges those that can become PDF.
 */
export function BatchConverter({ limit, multi, formats, pair }: Props) {
  // The target chosen for all; files that can go there take it unless they have their own.
  const [common, setCommon] = useState('');
  const [commonOptions, setCommonOptions] = useState<OptionValues>({});
  const sourceOf = useCallback((file: File) => guessSource(file.name, formats), [formats]);
  const targetsOf = useCallback((file: File) => targetsFor(sourceOf(file), formats), [formats, sourceOf]);
  const { items } = multi;

  const resolveTarget = (item: FileItem) => {
    if (item.target) return item.target;
    const own = targetsOf(item.file);
    return common && own.includes(common) ? common : preferredTarget(sourceOf(item.file), own, pair);
  };
  const waiting = items.filter((i) => i.state === 'ready');
  // The targets every waiting file can go to (judged by extension; the server decides from the bytes).
  const shared =
    waiting
      .map((i) => targetsOf(i.file))
      .reduce<string[] | null>((a, b) => (a ? a.filter((t) => b.includes(t)) : b), null) ?? [];
  const resolved = new Set(waiting.map(resolveTarget));
  const allTo = resolved.size === 1 ? [...resolved][0] : '';
  const sharedFamily = waiting.length ? sourceOf(waiting[0].file)?.family : undefined;

  const optionsOf = (item: FileItem) => optionNames(sourceOf(item.file), resolveTarget(item));
  const commonNames = [...new Set(waiting.flatMap(optionsOf))];
  const settle = (item: FileItem) => ({
    target: resolveTarget(item),
    send: {
      ...optionsToSend(optionsOf(item), item.options ?? commonOptions),
      ...requiredOptions(sourceOf(item.file), resolveTarget(item)),
    },
  });
  const chooseForAll = (target: string) => {
    setCommon(target);
    for (const item of waiting) if (item.target) multi.setTarget(item.key, null);
  };

  const allFinished = items.length > 0 && items.every((i) => FINISHED.includes(i.state));
  const converted = items.filter((i) => i.state === 'completed').length;

  return (
    <div className="flex flex-col gap-4" data-testid="batch-form">
      <BatchLimitNote limit={limit} chosen={items.length} waiting={waiting.length} charged={multi.charged} />
      {waiting.length > 0 && (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            multi.startAll(settle);
          }}
        >
          <div className="min-w-0 flex-1">
            {shared.length > 0 ? (
              <TargetCombobox
                label="Convert all to"
                targets={shared}
                value={allTo}
                formats={formats}
                family={sharedFamily}
                placeholder="Each file keeps its own target"
                onChange={chooseForAll}
                testId="batch-target"
              />
            ) : (
              <p data-testid="batch-no-common" className="text-sm text-zinc-700 dark:text-zinc-300">
                These files have no target in common; each keeps its own.
              </p>
            )}
          </div>
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
      <p role="status" data-testid="batch-summary" className="text-sm text-zinc-600 dark:text-zinc-400">
        {items.length} file{items.length === 1 ? '' : 's'}, {formatBytes(items.reduce((n, i) => n + i.file.size, 0))}
        {converted > 0 && ` · ${converted} converted`}
      </p>
      <ul className="flex flex-col gap-3" data-testid="batch-panel" data-status={allFinished ? 'finished' : 'working'}>
        {items.map((item) => (
          <FileRow
            key={item.key}
            item={item}
            targets={targetsOf(item.file)}
            target={resolveTarget(item)}
            family={sourceOf(item.file)?.family}
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
      <CombinePdf items={items.filter((i) => i.error?.code !== REFUSED_BEFORE_SENDING)} formats={formats} />
      <BatchResults items={items} limit={limit} onRetryFailed={multi.retryFailed} />
      {allFinished && (
        <div>
          <button type="button" className={buttonStyles.secondary} onClick={multi.clear} data-testid="batch-clear">
            Convert more files
          </button>
        </div>
      )}
    </div>
  );
}
