import { ensureOk, TransmuteError } from './errors.js';
import type { Http } from './http.js';
import type { components } from './schema.js';

export type ConversionStatus = components['schemas']['ConversionStatus'];
/** What a wait reports and ends with: the conversion's state. */
export type ConversionState = { id: number; status: ConversionStatus; progress: number; error?: string };

export type WaitOptions = {
  onProgress?: (state: ConversionState) => void;
  signal?: AbortSignal;
  /** Between two status reads once the event stream is unavailable (default 1 s). */
  pollIntervalMs?: number;
};

const TERMINAL: ReadonlySet<ConversionStatus> = new Set(['completed', 'failed', 'cancelled']);

/** The `data` of each server-sent event in the body, in order. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data) yield data;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Follows GET /conversions/{id}/progress; undefined when the stream is unavailable or ends early. */
async function overEvents(http: Http, url: string, options: WaitOptions): Promise<ConversionState | undefined> {
  let res: Response;
  try {
    res = await http.send(new Request(url, { headers: { Accept: 'text/event-stream' }, signal: options.signal }));
  } catch (e) {
    if (options.signal?.aborted) throw e;
    return undefined;
  }
  if (res.status === 404 || res.status === 403 || res.status === 401) throw await ensureOk(res).catch((e) => e);
  if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
    await res.body?.cancel();
    return undefined;
  }
  try {
    for await (const data of sseData(res.body)) {
      const state = JSON.parse(data) as ConversionState;
      options.onProgress?.(state);
      if (TERMINAL.has(state.status)) return state;
    }
  } catch (e) {
    if (options.signal?.aborted) throw e;
  }
  return undefined;
}

/** Reads GET /convert/status/{id} until the conversion ends. */
async function byPolling(http: Http, baseUrl: string, id: number, options: WaitOptions): Promise<ConversionState> {
  for (;;) {
    const res = await ensureOk(
      await http.send(new Request(`${baseUrl}/api/v1/convert/status/${id}`, { signal: options.signal })),
    );
    const body = (await res.json()) as components['schemas']['ConversionStatusResponse'];
    const state: ConversionState = {
      id: body.conversion.id,
      status: body.conversion.status,
      progress: body.conversion.progress,
      ...(body.error ? { error: body.error } : {}),
    };
    options.onProgress?.(state);
    if (TERMINAL.has(state.status)) return state;
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 1000));
    options.signal?.throwIfAborted();
  }
}

/** Waits for the conversion to end: over its event stream, falling back to polling its status. */
export async function waitForConversion(
  http: Http,
  baseUrl: string,
  id: number,
  options: WaitOptions = {},
): Promise<ConversionState> {
  const streamed = await overEvents(http, `${baseUrl}/api/v1/conversions/${id}/progress`, options);
  return streamed ?? byPolling(http, baseUrl, id, options);
}

/** Throws a TransmuteError for a conversion that did not complete. */
export function assertCompleted(state: ConversionState): void {
  if (state.status !== 'completed')
    throw new TransmuteError(422, {
      code: state.status === 'cancelled' ? 'conversion_cancelled' : 'conversion_failed',
      error: state.error ?? `Conversion ${state.status}`,
    });
}
