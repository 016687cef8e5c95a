'use client';

import { useEffect, useState } from 'react';
import { transmute } from '@/components/api/browser-client';

export type ResultBytes = { id: number; blob: Blob } | { id: number; failed: true };

/** The finished result's bytes (for its size, or its text), fetched once per conversion id. */
export function useResultBytes(id: number): ResultBytes | null {
  const [loaded, setLoaded] = useState<ResultBytes | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    transmute
      .download(id, controller.signal)
      .then(async (res) => {
        setLoaded({ id, blob: await res.blob() });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ id, failed: true });
      });
    return () => controller.abort();
  }, [id]);
  return loaded?.id === id ? loaded : null;
}

/**
 * The finished result's size in bytes: the download's Content-Length, then the body is dropped
 * unread (a compressed video need not come down twice; the preview fetches its own copy). Without
 * the header, the bytes are counted.
 */
export function useResultSize(id: number): { id: number; size: number | null } | null {
  const [loaded, setLoaded] = useState<{ id: number; size: number | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    transmute
      .download(id, controller.signal)
      .then(async (res) => {
        const header = Number(res.headers.get('Content-Length') ?? NaN);
        if (Number.isSafeInteger(header)) {
          setLoaded({ id, size: header });
          controller.abort();
          return;
        }
        setLoaded({ id, size: (await res.blob()).size });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ id, size: null });
      });
    return () => controller.abort();
  }, [id]);
  return loaded?.id === id ? loaded : null;
}
