/** An image or PDF shown from a blob: URL of the downloaded bytes (never the download URL itself). */
export function SharedPreview({ url, format, fileName }: { url: string; format: string; fileName: string }) {
  return (
    <figure
      data-testid="share-preview"
      className="overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex min-h-40 items-center justify-center p-4">
        {format === 'pdf' ? (
          <iframe src={url} title={`PDF preview of ${fileName}`} className="h-[32rem] w-full rounded bg-white" />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- a local blob: URL, nothing for next/image to optimise
          <img src={url} alt={`Preview of ${fileName}`} className="max-h-[28rem] max-w-full rounded object-contain" />
        )}
      </div>
    </figure>
  );
}
