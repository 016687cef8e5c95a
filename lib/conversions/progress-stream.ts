import type { Caller } from '@/lib/identity/caller';
import { type ConversionEvent, subscribeConversionEvents } from '@/lib/conversions/conversion-events';
import { getConversionOrThrow } from '@/lib/conversions/get-conversion-or-throw';
import { isTerminal } from '@/lib/conversions/status';
import { db } from '@/lib/db';

const encoder = new TextEncoder();
const frame = (event: ConversionEvent) => {
  const name = isTerminal(event.status) ? event.status : 'progress';
  const data = { id: Number(event.id), status: event.status, progress: event.progress, ...(event.error ? { error: event.error } : {}) };
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
};

/**
 * SSE body: the current state at once, then every change pushed over LISTEN/NOTIFY, ending after
 * a terminal event. Subscribes before reading the state so no change falls in between.
 */
export async function progressStream(caller: Caller, id: bigint, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  await getConversionOrThrow(caller, id);
  const key = String(id);
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
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
      const unsubscribe = await subscribeConversionEvents(key, send);
      const heartbeat = setInterval(() => !closed && controller.enqueue(encoder.encode(': keep-alive\n\n')), 15_000);
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
      };
      signal.addEventListener('abort', close);
      const row = await db.conversion.findUnique({ where: { id } });
      if (!row) return close();
      send({ id: key, status: row.status, progress: row.progress, error: row.error });
    },
    cancel() {
      cleanup();
    },
  });
}
