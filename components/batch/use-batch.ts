'use client';

import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { errorFromResponse } from '@/components/converter/api-errors';
import type { ErrorInfo } from '@/components/converter/types';
import { isBatchFinished } from '@/lib/domain/batch-status';
import type { BatchCreated, BatchStatusBody } from '@/lib/schemas/batches';

export type BatchState = z.infer<typeof BatchStatusBody>;
type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'running'; batch: BatchState }
  | { kind: 'failed'; error: ErrorInfo };

const POLL_MS = 1000;

/** Sends every file in one multipart request, reporting the bytes sent (fetch cannot). */
function send(files: File[], target: string, onProgress: (sent: number, total: number) => void) {
  return new Promise<{ status: number; text: string; retryAfter: string | null }>((resolve, reject) => {
    const form = new FormData();
    form.append('target_format', target);
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/batch/upload');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total);
    xhr.onload = () =>
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('retry-after') });
    xhr.onerror = () => reject(new Error('The connection broke off during the upload'));
    xhr.send(form);
  });
}

/** The batch panel's state: upload with progress, then the batch's status polled until it finishes. */
export function useBatch() {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const batchId = phase.kind === 'running' ? phase.batch.batch.batch_id : null;
  const finished = phase.kind === 'running' && isBatchFinished(phase.batch.batch.status);

  useEffect(() => {
    if (!batchId || finished) return;
    const timer = setTimeout(async () => {
      const res = await fetch(`/api/v1/batch/${batchId}/status`, { cache: 'no-store' }).catch(() => null);
      if (res?.ok) setPhase({ kind: 'running', batch: (await res.json()) as BatchState });
      else setPhase((p) => ({ ...p })); // poll again
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [batchId, finished, phase]);

  async function start(files: File[], target: string) {
    setPhase({ kind: 'uploading', sent: 0, total: files.reduce((n, f) => n + f.size, 0) });
    try {
      const res = await send(files, target, (sent, total) => setPhase({ kind: 'uploading', sent, total }));
      if (res.status !== 200)
        return setPhase({ kind: 'failed', error: errorFromResponse(res.status, res.text, res.retryAfter) });
      const created = JSON.parse(res.text) as z.infer<typeof BatchCreated>;
      const { conversions, ...batch } = created;
      setPhase({ kind: 'running', batch: { batch: { ...batch, completed: 0, failed: 0 }, conversions } });
    } catch (e) {
      setPhase({
        kind: 'failed',
        error: { title: 'Upload failed', message: e instanceof Error ? e.message : String(e) },
      });
    }
  }

  return { phase, finished, start, reset: () => setPhase({ kind: 'idle' }) };
}
