'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorFromResponse } from '@/components/converter/api-errors';
import { initialState, reducer } from '@/components/converter/converter-state';
import { speedMeter } from '@/components/converter/speed-meter';
import type { ErrorInfo } from '@/components/converter/types';
import { watchConversion } from '@/components/converter/watch-conversion';
import { postTool, type ToolRequest } from './post-tool';

/**
 * A tool page's job, with the converter's states (converter-state.ts): choose → upload (one
 * multipart POST) → follow over SSE → result; cancel asks the conversion endpoint.
 */
export function useToolJob(endpoint: string) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const request = useRef<ToolRequest | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  const stopAll = useCallback(() => {
    request.current?.abort();
    request.current = null;
    stopWatching.current?.();
    stopWatching.current = null;
  }, []);
  useEffect(() => stopAll, [stopAll]);

  const chooseFile = useCallback((file: File) => dispatch({ type: 'choose-file', file }), []);
  const showError = useCallback((error: ErrorInfo | null) => dispatch({ type: 'error', error }), []);

  /** `target`: what the summary shows (the file's own format, or txt/pdf). */
  const start = useCallback(
    async (fields: Record<string, string>, target: string) => {
      const { file } = state;
      if (!file) return;
      stopAll();
      dispatch({ type: 'upload-start', target });
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', file, file.name);
      const speed = speedMeter();
      const sent = postTool(endpoint, form, (p) =>
        dispatch({ type: 'upload-progress', sent: p.sent, total: p.total, bytesPerSecond: speed(p.sent) }),
      );
      request.current = sent;
      const outcome = await sent.done;
      if (request.current !== sent) return; // replaced or abandoned meanwhile
      request.current = null;
      if (!outcome.ok) {
        dispatch({ type: 'upload-refused', error: 'error' in outcome ? outcome.error : null });
        return;
      }
      dispatch({ type: 'uploaded', conversion: outcome.conversion });
      stopWatching.current = watchConversion(outcome.conversion.id, {
        onUpdate: (update) => dispatch({ type: 'update', update }),
        onLost: (message) => dispatch({ type: 'lost', message }),
      });
    },
    [endpoint, state, stopAll],
  );

  const cancel = useCallback(async () => {
    const { phase } = state;
    if (phase.kind === 'uploading') {
      stopAll();
      dispatch({ type: 'upload-refused', error: null });
      return;
    }
    if (phase.kind !== 'converting') return;
    dispatch({ type: 'cancelling', on: true });
    try {
      const res = await fetch(`/api/v1/conversions/${phase.conversion.id}/cancel`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      if (res.ok) {
        stopAll();
        dispatch({ type: 'cancelled' });
        return;
      }
      // 409: it finished meanwhile; the stream delivers the outcome.
      if (res.status !== 409) dispatch({ type: 'error', error: errorFromResponse(res.status, await res.text()) });
    } catch {
      dispatch({ type: 'error', error: { title: 'Could not cancel', message: 'The server could not be reached.' } });
    }
    dispatch({ type: 'cancelling', on: false });
  }, [state, stopAll]);

  const reset = useCallback(() => {
    stopAll();
    dispatch({ type: 'reset' });
  }, [stopAll]);

  return { state, chooseFile, start, cancel, reset, showError };
}
