'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { BatchConverter, refuseOverLimit } from '@/components/batch/batch-converter';
import { FolderPicker } from '@/components/batch/folder-picker';
import { useMultiUpload } from '@/components/batch/use-multi-upload';
import { buttonStyles } from '@/components/ui/button-styles';
import type { BatchLimit } from '@/lib/accounts/batch-limit';
import { DropZone } from './drop-zone';
import { ErrorAlert } from './error-alert';
import { CancelButton, JobCard, JobView, ResetButton } from './job-card';
import type { ChosenPair } from './popular-targets';
import type { FormatEntry } from './types';
import { ResultPanel } from './result-panel';
import { SingleFileForm } from './single-file-form';
import { useConverter } from './use-converter';
import { useFormats } from './use-formats';
import { UrlImport } from './url-import';
import { CloudImport } from './cloud-import';

type Props = { limit: BatchLimit; pair: ChosenPair };

/**
 * The home page converter: one drop zone for one file or many (a folder, a pasted picture). One file
 * gets the full view (options, progress, preview, share); several are listed right under the zone,
 * each with its own target, and convert together.
 */
export function Converter({ limit, pair }: Props) {
  const { formats, loading, error: formatsError } = useFormats();
  const { state, chooseFile, chooseTarget, convert, cancel, pauseUpload, reset, showError } = useConverter();
  const multi = useMultiUpload();
  const { file, phase, error } = state;
  const shownError = error ?? formatsError;
  const [inputMode, setInputMode] = useState<'file' | 'url'>('file');
  const lastOptions = useRef<Record<string, unknown>>({});
  const listing = multi.items.length > 0;

  /** One file alone goes to the one-file view; more (or one added to others) join the list. */
  const take = (files: File[]) => {
    if (files.length === 0) return;
    if (!listing && files.length === 1 && !file) return chooseFile(files[0]);
    multi.add(file ? [file, ...files] : files, refuseOverLimit(limit));
    if (file) reset();
  };
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });

  // A picture pasted anywhere on the page (not into a field) is a file chosen.
  const pasteOpen = phase.kind === 'idle' && inputMode === 'file';
  useEffect(() => {
    if (!pasteOpen) return;
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      takeRef.current(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [pasteOpen]);

  return (
    <JobCard label="Converter" jobView={phase.kind !== 'idle'}>
      {phase.kind === 'idle' && !listing && (
        <div role="tablist" aria-label="Where the file comes from" className="flex gap-2">
          {(['file', 'url'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={inputMode === tab}
              data-testid={`tab-${tab}`}
              onClick={() => setInputMode(tab)}
              className={inputMode === tab ? buttonStyles.primary : buttonStyles.secondary}
            >
              {tab === 'file' ? 'Upload files' : 'From URL'}
            </button>
          ))}
        </div>
      )}
      {phase.kind === 'idle' && inputMode === 'url' && !listing ? (
        <UrlImport formats={formats} loading={loading} />
      ) : phase.kind === 'idle' ? (
        <>
          <DropZone
            file={file}
            onFile={(f) => take([f])}
            onFiles={take}
            hint={
              listing
                ? 'Add more files: each uploads on its own and resumes after a broken connection'
                : 'One file or many, a folder, or paste a picture · up to 50 MB a file without an account'
            }
          />
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <FolderPicker onFiles={take} />
            <PairHint pair={pair} formats={loading || formatsError ? null : formats} />
            <Link
              href="/formats"
              data-testid="formats-link"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300"
            >
              300+ formats
            </Link>
          </div>
          {file && !listing && (
            <SingleFileForm
              key={`${file.name}:${file.size}:${file.lastModified}`}
              file={file}
              chosen={state.target}
              pair={pair}
              formats={formats}
              loading={loading}
              onTarget={chooseTarget}
              onConvert={(target, options) => {
                lastOptions.current = options;
                void convert(target, options);
              }}
            />
          )}
          {listing && <BatchConverter limit={limit} multi={multi} formats={formats} pair={pair} />}
        </>
      ) : (
        <JobView state={state} result={(conversion) => <ResultPanel conversion={conversion} source={file} />}>
          {phase.kind === 'uploading' && phase.percent < 100 && (
            <button
              type="button"
              data-testid="pause-button"
              onClick={() => pauseUpload(!phase.paused)}
              className={buttonStyles.secondary}
            >
              {phase.paused ? 'Resume upload' : 'Pause upload'}
            </button>
          )}
          <CancelButton phase={phase} onCancel={cancel} />
          {phase.kind === 'failed' && (
            <button
              type="button"
              data-testid="retry-button"
              onClick={() => void convert(state.target, lastOptions.current)}
              className={buttonStyles.secondary}
            >
              Try again
            </button>
          )}
          <ResetButton phase={phase} onReset={reset} label="Convert another file" />
        </JobView>
      )}
      {shownError && <ErrorAlert error={shownError} onDismiss={error ? () => showError(null) : undefined} />}
      {phase.kind === 'idle' && !listing && <CloudImport formats={formats} loading={loading} />}
    </JobCard>
  );
}

/** What `/?from=heic&to=jpg` asked for, said before any file is chosen. */
/** Whether this server offers the chosen pair (any source, when only the target is chosen). */
const offers = (formats: FormatEntry[], pair: ChosenPair) =>
  formats.some((f) => (!pair.from || f.format === pair.from) && f.targets.includes(pair.to!));

/** The pair a link chose, said before a file is added; `formats` null while they load. */
function PairHint({ pair, formats }: { pair: ChosenPair; formats: FormatEntry[] | null }) {
  if (!pair.to) return null;
  // A pair this server does not offer (its policy turned a format off, or a stale link) is said so.
  if (formats && !offers(formats, pair))
    return (
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="pair-hint">
        {pair.from ? `${pair.from.toUpperCase()} to ${pair.to.toUpperCase()}` : pair.to.toUpperCase()} is not offered on
        this server
      </p>
    );
  return (
    <p
      className="text-sm text-zinc-700 dark:text-zinc-300"
      data-testid="pair-hint"
      data-from={pair.from}
      data-to={pair.to}
    >
      {pair.from ? (
        <>
          <strong>{pair.from.toUpperCase()}</strong> files become <strong>{pair.to.toUpperCase()}</strong>
        </>
      ) : (
        <>
          Files become <strong>{pair.to.toUpperCase()}</strong> where they can
        </>
      )}
    </p>
  );
}
