'use client';

import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { errorInfo } from './api-errors';
import type { ErrorInfo, FormatEntry } from './types';

type FormatsState = { formats: FormatEntry[]; loading: boolean; error: ErrorInfo | null };

/** GET /api/v1/formats once on mount. */
export function useFormats(): FormatsState {
  const [state, setState] = useState<FormatsState>({ formats: [], loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    void attempt(api.GET('/api/v1/formats', { signal: controller.signal })).then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) setState({ formats: r.data.formats, loading: false, error: null });
      else setState({ formats: [], loading: false, error: { ...errorInfo(r.error), title: 'Could not load formats' } });
    });
    return () => controller.abort();
  }, []);

  return state;
}
