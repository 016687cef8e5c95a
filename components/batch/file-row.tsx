'use client';

import { describeFormat, resultFileName } from '@/components/converter/format-utils';
import { type OptionValues, OptionsPanel } from '@/components/converter/options-panel';
import { ProgressBar } from '@/components/converter/progress-bar';
import type { FormatEntry } from '@/components/converter/types';
import { formatBytes } from '@/components/ui/format-bytes';
import { smallButton } from '@/components/dashboard/small-button';
import { ResultThumb } from './result-thumb';
import { canRetry, FINISHED, type FileItem, type FileState } from './use-multi-upload';

const STATE_TEXT: Record<FileState, string> = {
  ready: 'Ready',
  queued: 'Waiting to upload',
  uploading: 'Uploading',
  paused: 'Paused',
  converting: 'Converting',
  completed: 'Converted',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const TONE = { completed: 'success', failed: 'danger', cancelled: 'muted' } as const;

type Props = {
  item: FileItem;
  targets: string[];
  /** The target for all, which this file takes unless it has its own. */
  common: string;
  /** The options that apply to this file's pair, and the values for all it takes unless it has its own. */
  optionNames: readonly string[];
  commonOptions: OptionValues;
  formats: FormatEntry[];
  onTarget: (target: string | null) => void;
  onOptions: (options: OptionValues | null) => void;
  onPause: (on: boolean) => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
};

/** One file of the multi-file converter: its target, state, progress and the actions that fit it. */
export function FileRow(props: Props) {
  const { item, targets, common, optionNames, commonOptions, formats } = props;
  const { onTarget, onOptions, onPause, onCancel, onRetry, onRemove } = props;
  const { file, state } = item;
  const target = item.target ?? common;
  const selectId = `target-${item.key}`;
  const sending = state === 'uploading' || state === 'paused';
  return (
    <li
      data-testid="batch-file"
      data-state={state}
      className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium" title={file.name}>
          {file.name} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {formatBytes(file.size)}</span>
        </p>
        {state === 'ready' ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={selectId}>To</label>
            <select
              id={selectId}
              data-testid="batch-file-target"
              value={item.target ?? ''}
              onChange={(e) => onTarget(e.target.value || null)}
              className="h-9 rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <option value="">Same as all ({common ? common.toUpperCase() : 'none'})</option>
              {targets.map((t) => (
                <option key={t} value={t}>
                  {t.toUpperCase()} — {describeFormat(t, formats).label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">→ {target.toUpperCase()}</span>
        )}
      </div>
      {state === 'ready' && optionNames.length > 0 && (
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <OptionsPanel
              names={optionNames}
              values={item.options ?? commonOptions}
              onChange={onOptions}
              testId="batch-file-options"
              summary={
                <>
                  Options<span className="sr-only"> for {file.name}</span>{' '}
                  <span className="font-normal text-zinc-600 dark:text-zinc-400">
                    ({item.options ? 'its own' : 'same as all'})
                  </span>
                </>
              }
            />
          </div>
          {item.options && (
            <button
              type="button"
              className={smallButton.secondary}
              onClick={() => onOptions(null)}
              data-testid="batch-file-options-reset"
            >
              Same options as all<span className="sr-only"> for {file.name}</span>
            </button>
          )}
        </div>
      )}
      {state === 'completed' && item.conversion && (
        <ResultThumb
          id={item.conversion.id}
          target={item.conversion.target_format}
          fileName={resultFileName(file.name, item.conversion.target_format)}
        />
      )}
      {state !== 'ready' && (
        <ProgressBar
          testId="batch-file-progress"
          label={`${STATE_TEXT[state]}${state === 'uploading' && item.speed > 0 ? ` · ${formatBytes(item.speed)}/s` : ''}`}
          value={state === 'completed' ? 100 : item.percent}
          tone={state in TONE ? TONE[state as keyof typeof TONE] : 'brand'}
          indeterminate={state === 'queued'}
        />
      )}
      {item.error && (
        <p role="alert" data-testid="batch-file-error" className="text-sm text-red-700 dark:text-red-300">
          <span className="font-semibold">{item.error.title}:</span> {item.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {state === 'completed' && item.conversion && (
          <a
            href={`/api/v1/convert/download/${item.conversion.id}`}
            download={resultFileName(file.name, item.conversion.target_format)}
            className={smallButton.secondary}
            data-testid="batch-file-download"
          >
            Download<span className="sr-only"> {resultFileName(file.name, item.conversion.target_format)}</span>
          </a>
        )}
        {sending && (
          <button type="button" className={smallButton.secondary} onClick={() => onPause(state === 'uploading')}>
            {state === 'uploading' ? 'Pause' : 'Resume'}
            <span className="sr-only"> {file.name}</span>
          </button>
        )}
        {(sending || state === 'queued' || state === 'converting') && (
          <button type="button" className={smallButton.secondary} onClick={onCancel} data-testid="batch-file-cancel">
            Cancel<span className="sr-only"> {file.name}</span>
          </button>
        )}
        {canRetry(item) && (
          <button type="button" className={smallButton.secondary} onClick={onRetry} data-testid="batch-file-retry">
            Retry<span className="sr-only"> {file.name}</span>
          </button>
        )}
        {(state === 'ready' || FINISHED.includes(state)) && (
          <button type="button" className={smallButton.secondary} onClick={onRemove}>
            Remove<span className="sr-only"> {file.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
