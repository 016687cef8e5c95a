import { config } from '@/lib/config';
import { SandboxedWorker, type WorkerSpec } from './sandboxed-worker';
import { trackWarmPool } from '@/lib/observability/metrics';

// A small pool of warm sandboxed workers. Each slot holds at most one worker, started on first
// use (or by warmUp); a worker serves one job at a time and is replaced after `maxJobs` requests
// or after any error, timeout or cancel. With `idle`, a worker left unused for `afterMs` is
// stopped as long as more than `keep` are running, so a burst's extra workers do not stay
// resident; jobs go to an already running worker first, so the surplus is the part that idles.
// Every worker, the last one too, stops once unused for ENGINE_IDLE_SECONDS (config.engineIdleMs,
// read at each job's end; 0 keeps them): an idle service holds no engine, and the next job pays
// the start.

type Slot = {
  busy: boolean;
  worker?: SandboxedWorker;
  starting?: Promise<SandboxedWorker>;
  idleTimers: NodeJS.Timeout[];
};

export type IdlePolicy = { afterMs: number; keep: number };

export type WarmPool = {
  /** Runs fn with a worker to itself; if fn throws, or the worker spent its budget, it is replaced. */
  withWorker<T>(fn: (worker: SandboxedWorker) => Promise<T>): Promise<T>;
  /** Starts every worker now (worker boot), so the first job does not pay the start. */
  warmUp(): Promise<void>;
  /** Kills every worker (shutdown, tests). Jobs in flight fail with EngineError. */
  shutdown(): Promise<void>;
  status(): Array<{ slot: number; busy: boolean; dir?: string; jobs: number }>;
};

export function createWarmPool(options: {
  /** The engine's name in metrics (lib/observability/metrics.ts counts its workers at each scrape). */
  engine: string;
  size: number;
  maxJobs: number;
  spec: () => WorkerSpec;
  idle?: IdlePolicy;
}): WarmPool {
  const slots: Slot[] = Array.from({ length: Math.max(1, options.size) }, () => ({ busy: false, idleTimers: [] }));
  const waiters: Array<(slot: Slot) => void> = [];
  const running = (s: Slot) => Boolean(s.worker && !s.worker.dead);
  trackWarmPool(options.engine, () => slots.map((s) => ({ busy: s.busy, running: running(s) })));

  const acquire = (): Promise<Slot> => {
    const free = slots.find((s) => !s.busy && running(s)) ?? slots.find((s) => !s.busy);
    if (!free) return new Promise((resolve) => waiters.push(resolve));
    free.busy = true;
    clearIdleTimers(free);
    return Promise.resolve(free);
  };
  const clearIdleTimers = (slot: Slot) => {
    for (const timer of slot.idleTimers) clearTimeout(timer);
    slot.idleTimers = [];
  };
  /** Stops the slot's worker once idle: after `idle.afterMs` if surplus, after the engine idle time anyway. */
  const armIdleTimers = (slot: Slot) => {
    const retireAfter = (ms: number, keep: number) => {
      const timer = setTimeout(() => void retire(slot, keep), ms);
      timer.unref();
      slot.idleTimers.push(timer);
    };
    if (options.idle) retireAfter(options.idle.afterMs, options.idle.keep);
    const idleMs = config.engineIdleMs;
    if (idleMs > 0) retireAfter(idleMs, 0);
  };
  const release = (slot: Slot): void => {
    const next = waiters.shift();
    if (next) return next(slot); // stays busy, handed over
    slot.busy = false;
    clearIdleTimers(slot);
    if (slot.worker) armIdleTimers(slot);
  };
  /** Stops an idle slot's worker unless that would leave fewer than `keep` running. */
  const retire = async (slot: Slot, keep: number): Promise<void> => {
    if (slot.busy || !slot.worker || slots.filter(running).length <= keep) return;
    slot.busy = true;
    const worker = slot.worker;
    slot.worker = undefined;
    try {
      await worker.kill();
    } finally {
      release(slot);
    }
  };
  const workerFor = async (slot: Slot): Promise<SandboxedWorker> => {
    if (slot.worker && !slot.worker.dead) return slot.worker;
    if (slot.worker) {
      const old = slot.worker;
      slot.worker = undefined;
      await old.kill();
    }
    return startWorker(slot);
  };
  /** Starts the slot's worker (once, however often asked meanwhile); it is the slot's once started. */
  const startWorker = (slot: Slot): Promise<SandboxedWorker> =>
    (slot.starting ??= Promise.resolve()
      .then(() => SandboxedWorker.start(options.spec()))
      .then((worker) => {
        slot.worker = worker;
        // Started while the slot was free (a spent worker's successor): stopped when idle like any.
        if (!slot.busy) armIdleTimers(slot);
        return worker;
      })
      .finally(() => (slot.starting = undefined)));

  /**
   * Replaces a worker that has served its budget of jobs off the jobs' path: its successor starts
   * now, in the background, and it is stopped without being waited for. Otherwise the job that spent
   * it would wait for the stop and the slot's next job for the start (about 100 ms for sharp).
   */
  const replaceSpent = (slot: Slot, spent: SandboxedWorker) => {
    slot.worker = undefined;
    void spent.kill().catch(() => {});
    startWorker(slot).catch(() => {}); // a start that failed is tried again by the slot's next job
  };

  return {
    async withWorker(fn) {
      const slot = await acquire();
      try {
        const worker = await workerFor(slot);
        let ok = false;
        try {
          const result = await fn(worker);
          ok = true;
          return result;
        } finally {
          if (!ok || worker.dead) {
            slot.worker = undefined;
            await worker.kill();
          } else if (worker.jobs >= options.maxJobs) replaceSpent(slot, worker);
        }
      } finally {
        release(slot);
      }
    },
    async warmUp() {
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.busy) return;
          slot.busy = true;
          try {
            await workerFor(slot);
          } finally {
            release(slot);
          }
        }),
      );
    },
    async shutdown() {
      await Promise.all(
        slots.map(async (slot) => {
          clearIdleTimers(slot);
          const worker = slot.worker ?? (await slot.starting?.catch(() => undefined));
          slot.worker = undefined;
          await worker?.kill();
        }),
      );
    },
    status: () => slots.map((s, slot) => ({ slot, busy: s.busy, dir: s.worker?.dir, jobs: s.worker?.jobs ?? 0 })),
  };
}
