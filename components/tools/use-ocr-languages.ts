'use client';

import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from '@/components/converter/api-errors';
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
    void attempt(api.GET('/api/v1/tools/ocr/languages', { signal: controller.signal })).then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) setState({ languages: r.data.languages, loading: false, error: null });
      else
        setState({ languages: [], loading: false, error: { ...errorInfo(r.error), title: 'Languages unavailable' } });
    });
    return () => controller.abort();
  }, []);
  return state;
}
