import { errorMessage, toTransmuteError, transmute } from '@/components/api/browser-client';
import {
  CONVERSION_STATUSES,
  isTerminal,
  TERMINAL_STATUSES,
  type ConversionStatus,
  type ProgressUpdate,
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
      const body = await transmute.status(id);
      if (stopped) return;
      deliver({ id, status: body.conversion.status, progress: body.conversion.progress, error: body.error });
    } catch (e) {
      if (stopped) return;
      const error = toTransmuteError(e);
      const passing = error.status >= 500 || error.status === 429;
      // No answer (offline for a moment) or a passing overload: try again; anything else is final.
      if (error.status !== 0 && !passing) return onLost(errorMessage(error));
      timer = setTimeout(poll, passing ? POLL_MS * 2 : POLL_MS);
      return;
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
