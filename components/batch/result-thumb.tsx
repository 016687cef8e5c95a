'use client';

import { useEffect, useState } from 'react';
import { transmute } from '@/components/api/browser-client';
import { SizeChange, useSourceImage } from '@/components/converter/before-after';
import { previewFor } from '@/components/converter/format-utils';
import { formatBytes } from '@/components/ui/format-bytes';

/** Results larger than this get the icon: a list of many files keeps at most this much per thumbnail. */
const THUMBNAIL_MAX_BYTES = 4 * 1024 * 1024;

type Seen = { id: number; size: number | null; url?: string } | { id: number; failed: true };

/**
 * The size of a result, and its bytes when it is an image within the thumbnail's limit. A length in
 * the headers ends the read of a result without a thumbnail there; otherwise the bytes are counted as
 * they pass, kept only while they fit the limit.
 */
async function readResult(res: Response, image: boolean): Promise<{ size: number; bytes?: Blob }> {
  const length = res.headers.get('content-length');
  const size = length === null ? null : Number(length);
  if (size !== null && (!image || size > THUMBNAIL_MAX_BYTES)) {
    void res.body?.cancel();
    return { size };
  }
  const kept: Uint8Array[] = [];
  let counted = 0;
  const reader = res.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    counted += chunk.value.byteLength;
    if (image && counted <= THUMBNAIL_MAX_BYTES) kept.push(chunk.value);
    else kept.length = 0;
  }
  return image && counted <= THUMBNAIL_MAX_BYTES
    ? { size: counted, bytes: new Blob(kept as BlobPart[], { type: res.headers.get('content-type') ?? '' }) }
    : { size: counted };
}

/**
 * One converted file at a glance: a thumbnail of an image result, an icon with the format for any
 * other, and the result's size. Reads the download route (its `attachment` answer shows only through
 * a blob: URL of our own).
 */
export function ResultThumb({
  id,
  target,
  fileName,
  source,
}: {
  id: number;
  target: string;
  fileName: string;
  source?: File;
}) {
  const [seen, setSeen] = useState<Seen | null>(null);
  const image = previewFor(target)?.kind === 'image';
  // An image result is shown beside its original: before → after.
  const sourceUrl = useSourceImage(image ? source : null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    transmute
      .download(id, controller.signal)
      .then(async (res) => {
        if (!res.body) throw new Error('The download has no body');
        const { size, bytes } = await readResult(res, image);
        if (controller.signal.aborted) return;
        if (bytes) url = URL.createObjectURL(bytes);
        setSeen({ id, size, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setSeen({ id, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, image]);

  const current = seen?.id === id ? seen : null;
  const size = current && 'size' in current && current.size !== null ? formatBytes(current.size) : null;
  return (
    <figure data-testid="batch-file-result" className="flex items-center gap-3" aria-busy={!current}>
      {sourceUrl && (
        <>
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900">
            {/* eslint-disable-next-line @next/next/no-img-element -- a local blob: URL */}
            <img
              src={sourceUrl}
              alt={`Original ${source?.name ?? ''}`}
              className="size-full object-cover"
              data-testid="batch-file-source-thumbnail"
            />
          </div>
          <span aria-hidden="true" className="text-zinc-500">
            →
          </span>
        </>
      )}
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900">
        {current && 'url' in current && current.url ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, nothing for next/image to optimise
          <img
            src={current.url}
            alt={`Thumbnail of ${fileName}`}
            data-testid="batch-file-thumbnail"
            className="size-full object-cover"
          />
        ) : (
          <FileIcon label={target.toUpperCase()} />
        )}
      </div>
      <figcaption className="min-w-0 text-sm">
        <span className="block truncate font-medium" title={fileName}>
          {fileName}
        </span>
        <span className="text-zinc-600 dark:text-zinc-400" data-testid="batch-file-result-size">
          {current && 'failed' in current ? 'Size unknown' : (size ?? (current ? 'Size unknown' : 'Reading…'))}
        </span>
        {image && source && current && 'size' in current && current.size !== null && (
          <span className="block">
            <SizeChange before={source.size} after={current.size} testId="batch-file-size-change" />
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** A page with its corner folded and the format written on it (decorative: the caption names the file). */
function FileIcon({ label }: { label: string }) {
  return (
    <span
      className="relative flex flex-col items-center text-zinc-600 dark:text-zinc-300"
      data-testid="batch-file-icon"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
        className="size-9"
      >
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
        <path d="M14 3v5h5" />
      </svg>
      <span aria-hidden="true" className="text-[10px] leading-none font-semibold">
        {label}
      </span>
    </span>
  );
}
