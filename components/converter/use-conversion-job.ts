'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import { initialState, reducer } from './converter-state';
import { speedMeter } from './speed-meter';
import type { ErrorInfo } from './types';
import type { UploadOutcome, UploadProgress } from './upload-file';
import { watchConversion } from './watch-conversion';

/** A file being sent, whichever way (tus for the converter, one multipart POST for the tools). */
export type Sending = {
  done: Promise<UploadOutcome>;
  /** Stops sending (on reset, unmount or a new send). */
  stop: () => void;
  /** Gives up the upload: `done` settles as aborted. */
  cancel: () => void;
};

/**
 * What the converter and the tool pages share (states in converter-state.ts): choose → send →
 * follow over SSE → result; cancel stops the upload or asks the conversion endpoint.
 */
export function useConversionJob<S extends Sending>() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const sending = useRef<S | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  const stopAll = useCallback(() => {
    sending.current?.stop();
    sending.current = null;
    stopWatching.current?.();
    stopWatching.current = null;
  }, []);
  useEffect(() => stopAll, [stopAll]);

  const chooseFile = useCallback((file: File) => dispatch({ type: 'choose-file', file }), []);
  const showError = useCallback((error: ErrorInfo | null) => dispatch({ type: 'error', error }), []);

  /** `target`: what the summary shows; `begin` starts sending the chosen file. */
  const send = useCallback(
    async (target: string, begin: (file: File, onProgress: (p: UploadProgress) => void) => S) => {
      const { file } = state;
      if (!file) return;
      stopAll();
      dispatch({ type: 'upload-start', target });
      const speed = speedMeter();
      const handle = begin(file, ({ sent, total }) =>
        dispatch({ type: 'upload-progress', sent, total, bytesPerSecond: speed(sent) }),
      );
      sending.current = handle;
      const outcome = await handle.done;
      if (sending.current !== handle) return; // replaced or abandoned meanwhile
      sending.current = null;
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
    [state, stopAll],
  );

  const cancel = useCallback(async () => {
    const { phase } = state;
    if (phase.kind === 'uploading') {
      sending.current?.cancel();
      return;
    }
    if (phase.kind !== 'converting') return;
    dispatch({ type: 'cancelling', on: true });
    const cancelled = await attempt(
      api.POST('/api/v1/conversions/{id}/cancel', { params: { path: { id: String(phase.conversion.id) } } }),
    );
    if (cancelled.ok) {
      stopAll();
      dispatch({ type: 'cancelled' });
      return;
    }
    // 409: it finished meanwhile; the stream delivers the outcome.
    if (cancelled.error.status !== 409)
      dispatch({ type: 'error', error: { ...errorInfo(cancelled.error), title: 'Could not cancel' } });
    dispatch({ type: 'cancelling', on: false });
  }, [state, stopAll]);

  const reset = useCallback(() => {
    stopAll();
    dispatch({ type: 'reset' });
  }, [stopAll]);

  return { state, dispatch, sending, chooseFile, showError, send, cancel, reset };
}
