'use client';

import { useCallback } from 'react';
import { useConversionJob } from '@/components/converter/use-conversion-job';
import { postTool } from './post-tool';

/**
 * A tool page's job, with the converter's states (use-conversion-job.ts): choose → upload (one
 * multipart POST) → follow over SSE → result; cancel asks the conversion endpoint.
 */
export function useToolJob(endpoint: string) {
  const { state, chooseFile, showError, send, cancel, reset } = useConversionJob();

  /** `target`: what the summary shows (the file's own format, or txt/pdf). */
  const start = useCallback(
    (fields: Record<string, string>, target: string) =>
      send(target, (file, onProgress) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file', file, file.name);
        const { done, abort } = postTool(endpoint, form, onProgress);
        return { done, stop: abort, cancel: abort };
      }),
    [endpoint, send],
  );

  return { state, chooseFile, start, cancel, reset, showError };
}
