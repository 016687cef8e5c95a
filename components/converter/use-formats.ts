'use client';

import { useEffect, useState } from 'react';
import { errorFromResponse } from './api-errors';
import type { ErrorInfo, FormatEntry } from './types';

type FormatsState = { formats: FormatEntry[]; loading: boolean; error: ErrorInfo | null };

/** GET /api/v1/formats once on mount. */
export function useFormats(): FormatsState {
  const [state, setState] = useState<FormatsState>({ formats: [], loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/formats', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) {
          setState({ formats: [], loading: false, error: errorFromResponse(res.status, text) });
          return;
        }
        const body = JSON.parse(text) as { formats: FormatEntry[] };
        setState({ formats: body.formats, loading: false, error: null });
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        const message = e instanceof Error ? e.message : String(e);
        setState({ formats: [], loading: false, error: { title: 'Could not load formats', message } });
      });
    return () => controller.abort();
  }, []);

  return state;
}
