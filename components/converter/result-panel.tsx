'use client';

import { useResultSize } from '@/components/tools/use-result-bytes';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatBytes } from '@/components/ui/format-bytes';
import { SizeChange, SourceFigure, useSourceImage } from './before-after';
import { formatDateTime } from '@/components/ui/format-date';
import { previewFor, resultFileName } from './format-utils';
import { ResultPreview } from './result-preview';
import { ShareManager } from '@/components/share/share-manager';
import type { Conversion } from './types';

/** The result: its name, expiry and download, its size beside the source's, sharing, and its preview (an image beside the original). */
export function ResultPanel({ conversion, source }: { conversion: Conversion; source?: File | null }) {
  const fileName = resultFileName(conversion.original_file_name, conversion.target_format);
  const result = useResultSize(conversion.id);
  const imageResult = previewFor(conversion.target_format)?.kind === 'image';
  const sourceUrl = useSourceImage(imageResult ? source : null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-emerald-900/60 dark:bg-emerald-950/30">
        <div className="min-w-0">
          <p className="truncate font-semibold text-emerald-900 dark:text-emerald-100" title={fileName}>
            {fileName}
          </p>
          <p className="text-xs text-emerald-800/80 dark:text-emerald-200/70">
            Available until <time dateTime={conversion.expires_at}>{formatDateTime(conversion.expires_at)}</time>
          </p>
          {imageResult && source && result?.size != null && (
            <p className="text-sm">
              <SizeChange before={source.size} after={result.size} />
            </p>
          )}
        </div>
        <a
          href={`/api/v1/convert/download/${conversion.id}`}
          download={fileName}
          data-testid="download-link"
          className={buttonStyles.primary}
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.69L6.03 8.22a.75.75 0 0 0-1.06 1.06l4.5 4.5a.75.75 0 0 0 1.06 0l4.5-4.5a.75.75 0 0 0-1.06-1.06l-3.22 3.22V2.75Z" />
            <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
          </svg>
          Download {conversion.target_format.toUpperCase()}
        </a>
      </div>
      <ShareManager conversionId={conversion.id} expiresAt={conversion.expires_at} />
      {sourceUrl && source ? (
        <div className="grid gap-4 sm:grid-cols-2" data-testid="before-after">
          <SourceFigure url={sourceUrl} fileName={source.name} size={formatBytes(source.size)} />
          <ResultPreview id={conversion.id} target={conversion.target_format} fileName={fileName} caption="After:" />
        </div>
      ) : (
        <ResultPreview id={conversion.id} target={conversion.target_format} fileName={fileName} />
      )}
    </div>
  );
}
