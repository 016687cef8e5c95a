import { EventEmitter } from 'node:events';
import type { ConversionStatus } from '@/lib/domain/conversion-status';
import { listen } from '@/lib/database/listen';
import { Prisma } from '@/lib/generated/prisma/client';
import { phaseInstant } from '@/lib/system/phase-timings';
import { preparedExecute } from '@/lib/prepared-sql';
import { randomToken } from '@/lib/crypto';

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
  /** Set on an event its sender also delivers in its own process (`deliveredHere`): tells the two copies apart from others. */
  mark?: string;
};

/** The SQL that sends `event` (as text, so a raw statement can select it beside a row change). */
export const conversionEventNotice = (event: ConversionEvent) =>
  Prisma.sql`pg_notify(${CHANNEL}, ${JSON.stringify(event)})::text`;

export async function publishConversionEvent(event: ConversionEvent): Promise<void> {
  await preparedExecute(Prisma.sql`SELECT ${conversionEventNotice(event)}`);
}

type Bus = { emitter: EventEmitter; ready: Promise<unknown>; oneCopySeen: Set<string> };
// On globalThis, with the marks' state below: the all-in-one process can hold two copies of lib/
// (lib/processes/in-process-worker.ts), and both must use one bus and one series of marks.
const globalBus = globalThis as unknown as {
  conversionBus?: Bus;
  conversionEventMarks?: { prefix: string; made: number };
};

/** The process's listener on the channel (lib/database/listen.ts), fanned out by conversion id. */
function bus(): Bus {
  if (globalBus.conversionBus) return globalBus.conversionBus;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const b: Bus = {
    emitter,
    oneCopySeen: new Set(),
    ready: listen(CHANNEL, (payload) => {
      let event: ConversionEvent;
      try {
        event = JSON.parse(payload) as ConversionEvent;
      } catch {
        return; // ignore malformed payloads
      }
      emitOnce(b, event);
    }),
  };
  b.ready.catch(() => {
    globalBus.conversionBus = undefined;
  });
  globalBus.conversionBus = b;
  return b;
}

// An event delivered in its sender's process comes there twice: once delivered, once as the
// notice. Whichever comes first is emitted; the other is dropped by its mark, which is unique
// (a token of this process and a count). A mark is held until its second copy comes, at most
// MARKS_HELD of them (a notice sent while the LISTEN connection was down never comes).
const MARKS_HELD = 256;
const marks = () => (globalBus.conversionEventMarks ??= { prefix: `${randomToken(6)}.`, made: 0 });

/** A mark for an event this process will deliver itself (`deliveredHere`). */
export const markForDelivery = () => {
  const m = marks();
  return `${m.prefix}${++m.made}`;
};

function emitOnce(b: Bus, event: ConversionEvent): void {
  if (event.mark?.startsWith(marks().prefix)) {
    if (b.oneCopySeen.delete(event.mark)) return;
    b.oneCopySeen.add(event.mark);
    if (b.oneCopySeen.size > MARKS_HELD) b.oneCopySeen.delete(b.oneCopySeen.values().next().value!);
  }
  if (event.status !== 'processing') phaseInstant(`heard-${event.status}`, event.id);
  b.emitter.emit(event.id, event);
  b.emitter.emit('*', event);
}

/**
 * Delivers a marked event (`markForDelivery`) that this process's own statement has just sent and
 * committed to this process's listeners now, not after its notice's way through the database (the
 * listening connection's backend is woken, then this process): the one-request convert that
 * waits for its own run's end answers that much sooner. Only for ends: an end closes every watch
 * and stream, so a progress notice sent before it and heard after it changes nothing.
 */
export function deliveredHere(event: ConversionEvent & { mark: string }): void {
  const b = globalBus.conversionBus;
  if (b) emitOnce(b, event); // no bus: nothing in this process listens
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
