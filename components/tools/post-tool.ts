import { errorOf } from '@transmute/client';
import { networkError } from '@/components/api/browser-client';
import { errorInfo } from '@/components/converter/api-errors';
import type { UploadOutcome, UploadProgress } from '@/components/converter/upload-file';
import type { Conversion } from '@/components/converter/types';

export type ToolRequest = { done: Promise<UploadOutcome>; abort: () => void };

/**
 * Posts a tool's multipart form (the file last, after its options) with XMLHttpRequest, whose
 * upload events give the bytes sent: fetch, and so the typed client, has no upload progress. 201
 * carries the Conversion; a refusal is read as the client reads any (errorOf).
 */
export function postTool(url: string, form: FormData, onProgress: (p: UploadProgress) => void): ToolRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress({ sent: e.loaded, total: e.total });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status !== 201) {
        // The answer as a Response, for the client's one reading of an error answer.
        const retryAfter = xhr.getResponseHeader('Retry-After');
        const answer = new Response(xhr.responseText, {
          status: xhr.status,
          headers: retryAfter ? { 'Retry-After': retryAfter } : {},
        });
        void errorOf(answer).then((e) => resolve({ ok: false, error: errorInfo(e, true) }));
        return;
      }
      try {
        resolve({ ok: true, conversion: JSON.parse(xhr.responseText) as Conversion });
      } catch {
        resolve({
          ok: false,
          error: { title: 'Unexpected answer', message: 'The server answered with no conversion.' },
        });
      }
    });
    xhr.addEventListener('error', () => resolve({ ok: false, error: errorInfo(networkError(), true) }));
    xhr.addEventListener('abort', () => resolve({ ok: false, aborted: true }));
  });
  xhr.open('POST', url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
