'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorFromResponse } from './api-errors';
import { initialState, reducer } from './converter-state';
import type { ErrorInfo } from './types';
import { type UploadHandle, uploadFile } from './upload-file';
import { speedMeter } from './speed-meter';
import { watchConversion } from './watch-conversion';

/** The converter's state and actions: choose → upload (XHR) → follow (SSE) → result. */
export function useConverter() {
  const [state, dispatch] = useReducer(reducer, initialState);
  const upload = useRef<UploadHandle | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  const stopAll = useCallback(() => {
    upload.current?.pause();
    upload.current = null;
    stopWatching.current?.();
    stopWatching.current = null;
  }, []);

  useEffect(() => stopAll, [stopAll]);

  const chooseFile = useCallback((file: File) => dispatch({ type: 'choose-file', file }), []);
  const chooseTarget = useCallback((target: string) => dispatch({ type: 'choose-target', target }), []);
  const showError = useCallback((error: ErrorInfo | null) => dispatch({ type: 'error', error }), []);

  /** `target`: the one shown in the picker (the chosen one, or the default for this file); `options` as sent. */
  const convert = useCallback(
    async (target: string, options: Record<string, unknown> = {}) => {
      const { file } = state;
      if (!file || !target) return;
      stopAll();
      dispatch({ type: 'upload-start', target });
      const speed = speedMeter();
      const handle = uploadFile(
        file,
        target,
        ({ sent, total }) => dispatch({ type: 'upload-progress', sent, total, bytesPerSecond: speed(sent) }),
        options,
      );
      upload.current = handle;
      const outcome = await handle.done;
      if (upload.current !== handle) return; // replaced or abandoned meanwhile
      upload.current = null;
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
      upload.current?.cancel();
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
        stopWatching.current?.();
        stopWatching.current = null;
        dispatch({ type: 'cancelled' });
        return;
      }
      // 409: it finished meanwhile; the stream delivers the outcome.
      if (res.status !== 409) dispatch({ type: 'error', error: errorFromResponse(res.status, await res.text()) });
    } catch {
      dispatch({ type: 'error', error: { title: 'Could not cancel', message: 'The server could not be reached.' } });
    }
    dispatch({ type: 'cancelling', on: false });
  }, [state]);

  /** Stops sending (or continues); the server keeps what it has. */
  const pauseUpload = useCallback((on: boolean) => {
    if (on) upload.current?.pause();
    else upload.current?.resume();
    dispatch({ type: 'upload-paused', on });
  }, []);

  const reset = useCallback(() => {
    stopAll();
    dispatch({ type: 'reset' });
  }, [stopAll]);

  return { state, chooseFile, chooseTarget, convert, cancel, pauseUpload, reset, showError };
}
