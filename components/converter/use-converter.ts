'use client';

import { useCallback } from 'react';
import { type UploadHandle, uploadFile } from './upload-file';
import { type Sending, useConversionJob } from './use-conversion-job';

/** The converter's state and actions: choose → upload (tus, pausable) → follow (SSE) → result. */
export function useConverter() {
  const { state, dispatch, sending, chooseFile, showError, send, cancel, reset } = useConversionJob<
    UploadHandle & Sending
  >();

  const chooseTarget = useCallback((target: string) => dispatch({ type: 'choose-target', target }), [dispatch]);

  /** `target`: the one shown in the picker (the chosen one, or the default for this file); `options` as sent. */
  const convert = useCallback(
    async (target: string, options: Record<string, unknown> = {}) => {
      if (!target) return;
      await send(target, (file, onProgress) => {
        const handle = uploadFile(file, target, onProgress, options);
        return { ...handle, stop: handle.pause };
      });
    },
    [send],
  );

  /** Stops sending (or continues); the server keeps what it has. */
  const pauseUpload = useCallback(
    (on: boolean) => {
      if (on) sending.current?.pause();
      else sending.current?.resume();
      dispatch({ type: 'upload-paused', on });
    },
    [dispatch, sending],
  );

  return { state, chooseFile, chooseTarget, convert, cancel, pauseUpload, reset, showError };
}
