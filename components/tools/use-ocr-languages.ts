'use client';

import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { errorFromResponse } from '@/components/converter/api-errors';
import type { ErrorInfo } from '@/components/converter/types';
import type { OcrLanguages } from '@/lib/schemas/tools';

export type OcrLanguage = z.infer<typeof OcrLanguages>['languages'][number];

/** The installed OCR languages (GET /api/v1/tools/ocr/languages). */
export function useOcrLanguages() {
  const [state, setState] = useState<{ languages: OcrLanguage[]; loading: boolean; error: ErrorInfo | null }>({
    languages: [],
    loading: true,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/tools/ocr/languages', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) throw errorFromResponse(res.status, text);
        const { languages } = JSON.parse(text) as z.infer<typeof OcrLanguages>;
        setState({ languages, loading: false, error: null });
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        const error =
          e && typeof e === 'object' && 'title' in e
            ? (e as ErrorInfo)
            : { title: 'Languages unavailable', message: 'The list of OCR languages could not be loaded.' };
        setState({ languages: [], loading: false, error });
      });
    return () => controller.abort();
  }, []);
  return state;
}
