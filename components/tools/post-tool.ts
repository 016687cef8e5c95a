import { NETWORK_ERROR, errorFromResponse } from '@/components/converter/api-errors';
import type { UploadOutcome, UploadProgress } from '@/components/converter/upload-file';
import type { Conversion } from '@/components/converter/types';

export type ToolRequest = { done: Promise<UploadOutcome>; abort: () => void };

/**
 * Posts a tool's multipart form (the file last, after its options) with XMLHttpRequest, whose
 * upload events give the bytes sent (fetch has no upload progress). 201 carries the Conversion.
 */
export function postTool(url: string, form: FormData, onProgress: (p: UploadProgress) => void): ToolRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress({ sent: e.loaded, total: e.total });
    });
    xhr.addEventListener('load', () => {
      if (xhr.status !== 201) {
        resolve({
          ok: false,
          error: errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')),
        });
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
    xhr.addEventListener('error', () => resolve({ ok: false, error: NETWORK_ERROR }));
    xhr.addEventListener('abort', () => resolve({ ok: false, aborted: true }));
  });
  xhr.open('POST', url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
