'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore, type DragEvent, type KeyboardEvent } from 'react';
import { dropEntries, filesOfEntries } from './dropped-files';
import { formatBytes } from '@/components/ui/format-bytes';

type Props = {
  file: File | null;
  disabled?: boolean;
  onFile: (file: File) => void;
  /** What the zone takes, under "Drop a file here" (the converter's list by default). */
  hint?: string;
  /** Takes many files at once (dropped or picked), given to `onFiles` together. */
  onFiles?: (files: File[]) => void;
  /** A zone for one file that lets several through: more than one (dropped or picked) go here, not to `onFile`. */
  onManyFiles?: (files: File[]) => void;
  testId?: string;
  inputTestId?: string;
};

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
const noSubscription = () => () => {};

/** Drop a file, or click / Enter / Space to open the picker. */
export function DropZone({
  file,
  disabled = false,
  onFile,
  hint,
  onFiles,
  onManyFiles,
  testId = 'drop-zone',
  inputTestId = 'file-input',
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  // false in the server HTML, true once hydrated: `data-ready` tells tests the handlers are live.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // A file dropped next to the zone must not make the browser navigate away to it.
  useEffect(() => {
    const guard = (e: globalThis.DragEvent) => {
      if (e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', guard);
    window.addEventListener('drop', guard);
    return () => {
      window.removeEventListener('dragover', guard);
      window.removeEventListener('drop', guard);
    };
  }, []);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const take = (files: File[]) => {
    if (onFiles) return onFiles(files);
    if (files.length > 1 && onManyFiles) return onManyFiles(files);
    if (files[0]) onFile(files[0]);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(e) || disabled) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const plain = [...e.dataTransfer.files];
    // A folder is many files: opened where the zone takes many.
    const entries = onFiles || onManyFiles ? dropEntries(e.dataTransfer) : null;
    if (!entries) return take(plain);
    void filesOfEntries(entries).then(take, () => take(plain));
  };

  return (
    <>
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        // Named by its visible text (file name or 'Drop a file here or browse', and the hint), so speech
        // input users can say what they see (axe: label-content-name-mismatch).
        data-testid={testId}
        data-ready={ready}
        data-dragging={dragging || undefined}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`group flex cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 text-center transition-colors focus-visible:ring-4 focus-visible:ring-brand-500/40 focus-visible:outline-none ${file ? 'py-6 sm:py-8' : 'py-10 sm:py-14'} ${
          dragging
            ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-900/30'
            : 'border-zinc-300 bg-white hover:border-brand-400 hover:bg-brand-50/50 focus-visible:border-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-brand-400 dark:hover:bg-zinc-900/60'
        } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
      >
        <UploadIcon />
        {file ? (
          <div className="min-w-0 max-w-full">
            <p className="truncate text-base font-semibold" data-testid="file-name" title={file.name}>
              {file.name}
            </p>
            <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="file-size">
              {formatBytes(file.size)}
            </p>
          </div>
        ) : (
          <p className="text-base font-semibold">
            Drop {onFiles ? 'files' : 'a file'} here or{' '}
            <span className="text-brand-600 underline underline-offset-4 dark:text-brand-300">browse</span>
          </p>
        )}
        <p id={hintId} className="text-sm text-zinc-500 dark:text-zinc-400">
          {file
            ? 'Drop or click to choose a different file'
            : (hint ?? 'Images, documents, spreadsheets, slides, audio and video · up to 50 MB without an account')}
        </p>
      </div>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        className="sr-only"
        aria-hidden="true"
        data-testid={inputTestId}
        multiple={onFiles !== undefined || onManyFiles !== undefined}
        onChange={(e) => {
          take([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = ''; // choosing the same file again still fires change
        }}
      />
    </>
  );
}

function UploadIcon() {
  return (
    <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-600 transition-transform group-hover:-translate-y-0.5 dark:bg-brand-900/60 dark:text-brand-300">
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="size-6"
      >
        <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </svg>
    </span>
  );
}
