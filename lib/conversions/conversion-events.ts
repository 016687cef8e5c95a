import { EventEmitter } from 'node:events';
import type { ConversionStatus } from '@/lib/domain/conversion-status';
import { listen } from '@/lib/database/listen';
import { Prisma } from '@/lib/generated/prisma/client';
import { phaseInstant } from '@/lib/system/phase-timings';
import { preparedExecute } from '@/lib/prepared-sql';

// Conversion state changes travel over PostgreSQL NOTIFY, so the web process pushes them to
// SSE listeners (and the worker hears cancels) without polling the database.
const CHANNEL = 'conversion_events';

/** What a completed run stored (with `completed`): the request that created the conversion sends it without a read. */
export type StoredResult = { size: number; parts: number | null };

export type ConversionEvent = {
  id: string;
  status: ConversionStatus;
  progress: number;
  error?: string | null;
  result?: StoredResult;
};

/** The SQL that sends `event` (as text, so a raw statement can select it beside a row change). */
export const conversionEventNotice = (event: ConversionEvent) =>
  Prisma.sql`pg_notify(${CHANNEL}, ${JSON.stringify(event)})::text`;

export async function publishConversionEvent(event: ConversionEvent): Promise<void> {
  await preparedExecute(Prisma.sql`SELECT ${conversionEventNotice(event)}`);
}

type Bus = { emitter: EventEmitter; ready: Promise<unknown> };
const globalBus = globalThis as unknown as { conversionBus?: Bus };

/** The process's listener on the channel (lib/database/listen.ts), fanned out by conversion id. */
function bus(): Bus {
  if (globalBus.conversionBus) return globalBus.conversionBus;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const ready = listen(CHANNEL, (payload) => {
    try {
      const event = JSON.parse(payload) as ConversionEvent;
      if (event.status !== 'processing') phaseInstant(`heard-${event.status}`, event.id);
      emitter.emit(event.id, event);
      emitter.emit('*', event);
    } catch {
      // ignore malformed payloads
    }
  });
  ready.catch(() => {
    globalBus.conversionBus = undefined;
  });
  globalBus.conversionBus = { emitter, ready };
  return globalBus.conversionBus;
}

/** Calls `listener` for events of one conversion (or '*' for all); returns the unsubscribe. */
export async function subscribeConversionEvents(
  id: string,
  listener: (e: ConversionEvent) => void,
): Promise<() => void> {
  return (await conversionEventsHeard())(id, listener);
}

/**
 * Once the process listens for conversion events: a subscribe that takes effect at once, for a
 * caller that must be subscribed at an exact moment (before a conversion's job is queued).
 */
export async function conversionEventsHeard(): Promise<
  (id: string, listener: (e: ConversionEvent) => void) => () => void
> {
  const b = bus();
  await b.ready;
  return (id, listener) => {
    b.emitter.on(id, listener);
    return () => b.emitter.off(id, listener);
  };
}
