import type { Caller } from '@/lib/identity/caller';
import { type ConversionEvent, subscribeConversionEvents } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { isTerminal } from '@/lib/domain/conversion-status';
import { onShutdown } from '@/lib/runtime/process-shutdown';

const encoder = new TextEncoder();
const frame = (event: ConversionEvent) => {
  const name = isTerminal(event.status) ? event.status : 'progress';
  const data = {
    id: Number(event.id),
    status: event.status,
    progress: event.progress,
    ...(event.error ? { error: event.error } : {}),
  };
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
};
// Sent when this web process stops: the client opens the stream again (on another process) after
// `retry` ms and gets the current state there first, so it misses nothing.
const RECONNECT_AFTER_MS = 1000;
const reconnectFrame = (id: string) =>
  encoder.encode(`event: reconnect\nretry: ${RECONNECT_AFTER_MS}\ndata: ${JSON.stringify({ id: Number(id) })}\n\n`);

/**
 * SSE body: the current state at once, then every change pushed over LISTEN/NOTIFY, ending after
 * a terminal event. Subscribes before it reads the row (one read: the ownership check and the
 * state), so no change falls in between: a change heard before the read is already in it (the
 * worker notifies after it writes), except a terminal one, which is sent after the state.
 */
export async function progressStream(
  caller: Caller,
  id: bigint,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const key = String(id);
  let early: ConversionEvent | undefined;
  let deliver = (event: ConversionEvent) => {
    if (isTerminal(event.status)) early = event;
  };
  const unsubscribe = await subscribeConversionEvents(key, (event) => deliver(event));
  let row;
  try {
    row = await getConversionOrThrow(caller, id);
  } catch (e) {
    unsubscribe();
    throw e;
  }
  const state: ConversionEvent = { id: key, status: row.status, progress: row.progress, error: row.error };
  let cleanup = unsubscribe;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const send = (event: ConversionEvent) => {
        if (closed) return;
        controller.enqueue(frame(event));
        if (isTerminal(event.status)) close();
      };
      const heartbeat = setInterval(() => !closed && controller.enqueue(encoder.encode(': keep-alive\n\n')), 15_000);
      let stopListening = () => {};
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        stopListening();
      };
      signal.addEventListener('abort', close);
      send(state);
      if (early) send(early);
      deliver = send;
      if (!closed) {
        stopListening = onShutdown(() => {
          if (closed) return;
          controller.enqueue(reconnectFrame(key));
          close();
        });
      }
    },
    cancel() {
      cleanup();
    },
  });
}
