import { config } from '@/lib/config';
import { OfficeInstance } from './instance';

// A small pool of warm LibreOffice instances. Each slot holds at most one instance, started
// on first use; an instance serves one job at a time and is replaced after N conversions or
// after any error/timeout (a crashed or confused soffice must never see the next document).

export const poolSize = config.libreoffice.poolSize;
export const maxConversionsPerInstance = config.libreoffice.maxConversionsPerInstance;

type Slot = { busy: boolean; instance?: OfficeInstance; starting?: Promise<OfficeInstance> };
const slots: Slot[] = Array.from({ length: poolSize }, () => ({ busy: false }));
const waiters: Array<(slot: Slot) => void> = [];

function acquire(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free) {
    free.busy = true;
    return Promise.resolve(free);
  }
  return new Promise((resolve) => waiters.push(resolve));
}

function release(slot: Slot): void {
  const next = waiters.shift();
  if (next) next(slot); // stays busy, handed over
  else slot.busy = false;
}

async function instanceFor(slot: Slot): Promise<OfficeInstance> {
  if (slot.instance && !slot.instance.dead) return slot.instance;
  if (slot.instance) {
    const old = slot.instance;
    slot.instance = undefined;
    await old.kill();
  }
  slot.starting ??= OfficeInstance.start().finally(() => (slot.starting = undefined));
  slot.instance = await slot.starting;
  return slot.instance;
}

/**
 * Runs fn with a warm instance to itself. If fn throws (any error, including a document
 * LibreOffice refused), or the instance reached its conversion budget, it is replaced.
 */
export async function withOffice<T>(fn: (instance: OfficeInstance) => Promise<T>): Promise<T> {
  const slot = await acquire();
  try {
    const instance = await instanceFor(slot);
    let ok = false;
    try {
      const result = await fn(instance);
      ok = true;
      return result;
    } finally {
      if (!ok || instance.dead || instance.conversions >= maxConversionsPerInstance) {
        slot.instance = undefined;
        await instance.kill();
      }
    }
  } finally {
    release(slot);
  }
}

/** Starts every instance now (e.g. at worker boot) so the first job does not pay the ~1 s start. */
export async function warmUp(): Promise<void> {
  await Promise.all(
    slots.map(async (slot) => {
      if (slot.busy) return;
      slot.busy = true;
      try {
        await instanceFor(slot);
      } finally {
        release(slot);
      }
    }),
  );
}

/** Kills every instance (worker shutdown, tests). Jobs in flight fail with EngineError. */
export async function shutdownLibreOffice(): Promise<void> {
  await Promise.all(
    slots.map(async (slot) => {
      const inst = slot.instance ?? (await slot.starting?.catch(() => undefined));
      slot.instance = undefined;
      await inst?.kill();
    }),
  );
}

/** Running instances (for health checks and tests). */
export function poolStatus(): Array<{ slot: number; busy: boolean; dir?: string; conversions: number }> {
  return slots.map((s, slot) => ({ slot, busy: s.busy, dir: s.instance?.dir, conversions: s.instance?.conversions ?? 0 }));
}
