'use client';

import { useEffect, useState } from 'react';
import { describeSizeChange } from './size-change';

/** Images the browser shows itself (the source side of a before/after). */
const SHOWN_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml', 'image/bmp'];

/** An object URL of the chosen file while it is shown, when the browser can show it. */
export function useSourceImage(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file || !SHOWN_TYPES.includes(file.type)) return;
    const made = URL.createObjectURL(file);
    // Set from a frame callback: the URL is made (and revoked) here, shown once React renders again.
    const frame = requestAnimationFrame(() => setUrl({ file, url: made }));
    return () => {
      cancelAnimationFrame(frame);
      URL.revokeObjectURL(made);
    };
  }, [file]);
  return url && url.file === file ? url.url : undefined;
}

/** The sizes before and after with the change, for a result whose size is known. */
export function SizeChange({
  before,
  after,
  testId = 'size-change',
}: {
  before: number;
  after: number;
  testId?: string;
}) {
  const smaller = after < before;
  return (
    <span
      data-testid={testId}
      data-before={before}
      data-after={after}
      className={smaller ? 'font-medium text-emerald-800 dark:text-emerald-300' : 'text-zinc-700 dark:text-zinc-300'}
    >
      {describeSizeChange(before, after)}
    </span>
  );
}

/** The source image beside the result's preview: two figures side by side, one above the other on a phone. */
export function SourceFigure({ url, fileName, size }: { url: string; fileName: string; size: string }) {
  return (
    <figure
      data-testid="source-preview"
      className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex min-h-40 items-center justify-center p-4">
        {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, nothing for next/image to optimise */}
        <img src={url} alt={`Original ${fileName}`} className="max-h-[28rem] max-w-full rounded object-contain" />
      </div>
      <figcaption className="border-t border-zinc-200 bg-white px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-400">
        Before: <span className="font-medium text-zinc-700 dark:text-zinc-300">{fileName}</span> · {size}
      </figcaption>
    </figure>
  );
}
