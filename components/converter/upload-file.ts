import { NETWORK_ERROR, errorFromResponse } from './api-errors';
import type { Conversion, ErrorInfo } from './types';

export type UploadOutcome = { ok: true; conversion: Conversion } | { ok: false; error: ErrorInfo } | { ok: false; aborted: true };

export type UploadHandle = { done: Promise<UploadOutcome>; abort: () => void };

/**
 * POST /api/v1/convert/upload with XMLHttpRequest (fetch cannot report upload progress).
 * The guest cookie travels with it: same origin. `onProgress` gets 0–100.
 */
export function uploadFile(file: File, target: string, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append('target_format', target); // before the file, so the server has it when the file streams
  form.append('file', file, file.name);

  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          resolve({ ok: true, conversion: JSON.parse(xhr.responseText) as Conversion });
        } catch {
          resolve({ ok: false, error: { title: 'Unexpected answer', message: 'The server sent a response that is not JSON.' } });
        }
        return;
      }
      resolve({ ok: false, error: errorFromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After')) });
    });
    xhr.addEventListener('error', () => resolve({ ok: false, error: NETWORK_ERROR }));
    xhr.addEventListener('timeout', () => resolve({ ok: false, error: NETWORK_ERROR }));
    xhr.addEventListener('abort', () => resolve({ ok: false, aborted: true }));
  });

  xhr.open('POST', '/api/v1/convert/upload');
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
