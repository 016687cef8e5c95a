import { errorFromResponse } from './api-errors';
import {
  CONVERSION_STATUSES,
  isTerminal,
  TERMINAL_STATUSES,
  type ConversionStatus,
  type ProgressUpdate,
  type StatusResponse,
} from './types';

const STATUSES: readonly string[] = CONVERSION_STATUSES;
/** The SSE event names: `progress`, then one per terminal status. */
const EVENTS = ['progress', ...TERMINAL_STATUSES] as const;
const POLL_MS = 1500;

function parseUpdate(data: string): ProgressUpdate | undefined {
  try {
    const v: unknown = JSON.parse(data);
    if (typeof v !== 'object' || v === null) return undefined;
    const { id, status, progress, error } = v as Record<string, unknown>;
    if (typeof id !== 'number' || typeof progress !== 'number') return undefined;
    if (typeof status !== 'string' || !STATUSES.includes(status)) return undefined;
    return { id, status: status as ConversionStatus, progress, ...(typeof error === 'string' ? { error } : {}) };
  } catch {
    return undefined;
  }
}

export type WatchHandlers = {
  onUpdate: (update: ProgressUpdate) => void;
  /** The conversion can no longer be followed (gone, forbidden…). */
  onLost: (message: string) => void;
};

/**
 * Follows a conversion over Server-Sent Events until a terminal event. If the stream cannot be
 * opened (EventSource gives up), falls back to polling GET /convert/status/{id}.
 * Returns a function that stops watching.
 */
export function watchConversion(id: number, { onUpdate, onLost }: WatchHandlers): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    clearTimeout(timer);
  };

  const deliver = (update: ProgressUpdate) => {
    if (stopped) return;
    if (isTerminal(update.status)) stop();
    onUpdate(update);
  };

  const poll = async () => {
    if (stopped) return;
    try {
      const res = await fetch(`/api/v1/convert/status/${id}`, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
      });
      const text = await res.text();
      if (stopped) return;
      if (!res.ok) {
        if (res.status >= 500 || res.status === 429) timer = setTimeout(poll, POLL_MS * 2);
        else onLost(errorFromResponse(res.status, text).message);
        return;
      }
      const body = JSON.parse(text) as StatusResponse;
      deliver({ id, status: body.conversion.status, progress: body.conversion.progress, error: body.error });
    } catch {
      // offline for a moment: try again
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };

  source = new EventSource(`/api/v1/conversions/${id}/progress`);
  const onMessage = (e: MessageEvent<string>) => {
    const update = parseUpdate(e.data);
    if (update) deliver(update);
  };
  for (const name of EVENTS) source.addEventListener(name, onMessage);
  source.addEventListener('error', () => {
    // CONNECTING: the browser retries by itself. CLOSED: it gave up (e.g. a non-SSE answer).
    if (stopped || source?.readyState !== EventSource.CLOSED) return;
    source = null;
    void poll();
  });

  return stop;
}
