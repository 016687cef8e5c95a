'use client';

import { useEffect, useState } from 'react';
import { transmute } from '@/components/api/browser-client';
import { previewFor } from './format-utils';

type Loaded = { key: string; url: string } | { key: string; failed: true };

/**
 * Fetches the result as a blob and shows it inline (image, PDF, audio, video). The download
 * route answers with a sandboxing CSP and `attachment`; a blob: URL of our own is shown instead.
 */
export function ResultPreview({
  id,
  target,
  fileName,
  caption = 'Preview of',
}: {
  id: number;
  target: string;
  fileName: string;
  /** The words before the file's name under it ("After:" beside the original). */
  caption?: string;
}) {
  const preview = previewFor(target);
  const key = `${id}:${target}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!preview) return;
    const controller = new AbortController();
    let url: string | undefined;
    transmute
      .download(id, controller.signal)
      .then(async (res) => {
        const bytes = await res.arrayBuffer();
        url = URL.createObjectURL(new Blob([bytes], { type: preview.mime }));
        setLoaded({ key, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, key, preview]);

  if (!preview) return null;
  const current = loaded?.key === key ? loaded : null;

  return (
    <figure
      data-testid="preview"
      data-kind={preview.kind}
      aria-busy={!current}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex min-h-40 items-center justify-center bg-[conic-gradient(at_50%_50%,#0000_25%,#8881_0_50%,#0000_0_75%,#8881_0)] bg-[length:20px_20px] p-4">
        {!current && <span className="animate-pulse text-sm text-zinc-500">Loading preview…</span>}
        {current && 'failed' in current && (
          <span className="text-sm text-zinc-500">The preview could not be loaded; the download still works.</span>
        )}
        {current && 'url' in current && <PreviewMedia kind={preview.kind} url={current.url} fileName={fileName} />}
      </div>
      <figcaption className="border-t border-zinc-200 bg-white px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-400">
        {caption} <span className="font-medium text-zinc-700 dark:text-zinc-300">{fileName}</span>
      </figcaption>
    </figure>
  );
}

function PreviewMedia({ kind, url, fileName }: { kind: string; url: string; fileName: string }) {
  switch (kind) {
    case 'image':
      return (
        // eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, nothing for next/image to optimise
        <img
          src={url}
          alt={`Converted image ${fileName}`}
          className="max-h-[28rem] max-w-full rounded object-contain shadow-sm"
        />
      );
    case 'pdf':
      return <iframe src={url} title={`PDF preview of ${fileName}`} className="h-[32rem] w-full rounded bg-white" />;
    case 'audio':
      return <audio src={url} controls className="w-full max-w-md" aria-label={`Audio preview of ${fileName}`} />;
    default:
      return (
        <video
          src={url}
          controls
          className="max-h-[28rem] max-w-full rounded"
          aria-label={`Video preview of ${fileName}`}
        />
      );
  }
}
