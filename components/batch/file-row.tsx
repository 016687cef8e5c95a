'use client';

import { resultFileName } from '@/components/converter/format-utils';
import { type OptionValues, OptionsPanel } from '@/components/converter/options-panel';
import { ProgressBar } from '@/components/converter/progress-bar';
import { TargetCombobox } from '@/components/converter/target-combobox';
import type { FormatEntry, FormatFamily } from '@/components/converter/types';
import { formatBytes } from '@/components/ui/format-bytes';
import { smallButton } from '@/components/dashboard/small-button';

/** Compact on a desktop, 44 px high where fingers tap. */
const rowButton = smallButton.secondary.replace('h-9', 'h-11 sm:h-9');
/** Beside the target field, as high as it. */
const fieldHeightButton = smallButton.secondary.replace('h-9', 'h-11');
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
  /** Where it goes: its own choice, else the one for all, else its default. */
  target: string;
  family: FormatFamily | undefined;
  /** The options that apply to this file's pair, and the values for all it takes unless it has its own. */
  optionNames: readonly string[];
  commonOptions: OptionValues;
  formats: readonly FormatEntry[];
  onTarget: (target: string | null) => void;
  onOptions: (options: OptionValues | null) => void;
  onPause: (on: boolean) => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
};

/** One file of the multi-file converter: its target, state, progress and the actions that fit it. */
export function FileRow(props: Props) {
  const { item, targets, target, family, optionNames, commonOptions, formats } = props;
  const { onTarget, onOptions, onPause, onCancel, onRetry, onRemove } = props;
  const { file, state } = item;
  const sending = state === 'uploading' || state === 'paused';
  return (
    <li
      data-testid="batch-file"
      data-state={state}
      className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <p className="min-w-0 truncate text-sm font-medium sm:pb-3" title={file.name}>
          {file.name} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {formatBytes(file.size)}</span>
        </p>
        {state === 'ready' ? (
          <div data-testid="batch-file-target-field" className="flex items-end gap-2 sm:w-96 sm:shrink-0">
            <div className="min-w-0 flex-1">
              <TargetCombobox
                label="Convert to"
                labelSuffix={file.name}
                targets={targets}
                value={target}
                formats={formats}
                family={family}
                onChange={onTarget}
                testId="batch-file-target"
                compact
              />
            </div>
            <button type="button" className={fieldHeightButton} onClick={onRemove}>
              Remove<span className="sr-only"> {file.name}</span>
            </button>
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
              className={rowButton}
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
          source={file}
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
      {state !== 'ready' && (
        <div className="flex flex-wrap gap-2">
          {state === 'completed' && item.conversion && (
            <a
              href={`/api/v1/convert/download/${item.conversion.id}`}
              download={resultFileName(file.name, item.conversion.target_format)}
              className={rowButton}
              data-testid="batch-file-download"
            >
              Download<span className="sr-only"> {resultFileName(file.name, item.conversion.target_format)}</span>
            </a>
          )}
          {sending && (
            <button type="button" className={rowButton} onClick={() => onPause(state === 'uploading')}>
              {state === 'uploading' ? 'Pause' : 'Resume'}
              <span className="sr-only"> {file.name}</span>
            </button>
          )}
          {(sending || state === 'queued' || state === 'converting') && (
            <button type="button" className={rowButton} onClick={onCancel} data-testid="batch-file-cancel">
              Cancel<span className="sr-only"> {file.name}</span>
            </button>
          )}
          {canRetry(item) && (
            <button type="button" className={rowButton} onClick={onRetry} data-testid="batch-file-retry">
              Retry<span className="sr-only"> {file.name}</span>
            </button>
          )}
          {FINISHED.includes(state) && (
            <button type="button" className={rowButton} onClick={onRemove}>
              Remove<span className="sr-only"> {file.name}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
