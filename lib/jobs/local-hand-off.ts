import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from '@/lib/config';
import type { ConversionRequest, ConversionRequestedData } from '@/lib/jobs/events';
import { expireLeases, renewLeases, type RunLease, takeLease } from '@/lib/jobs/run-leases';
import { log } from '@/lib/log/logger';

// When the process that queues a conversion also works the queue (the all-in-one process) and has
// an engine slot free with none of its jobs waiting, it starts the run itself: the pg-boss job's
// turn count, insert, fetch and completion (four statements and a wake-up between two of them)
// become one lease, written before the run starts (a new conversion's by the statement that
// inserts its row, lib/conversions/create-conversion.ts `insertAndRun`). The lease is what keeps a
// crash from losing the run: the process renews it while the run lasts, and once it has expired
// (the process died, or stopped with the run unfinished) any worker's sweep queues the run
// (lib/jobs/lease-sweep.ts).
// With a backlog, jobs go through the queue, whose order gives each caller its turn.

type Runner = {
  /** Runs one conversion job as a queue's worker would (lib/processes/run-worker.ts). */
  run: (request: ConversionRequest) => Promise<unknown>;
  /** Conversion jobs the queue's workers of this process hold now (running or waiting for a slot). */
  queuedJobsHeld: () => number;
  /** Whether jobs this process queued still wait for one of its workers. */
  queuedJobsWaiting: () => boolean;
  /** Runs `fn` in the worker's own async context, not in that of the request that asked for the run. */
  inWorkerContext: <T>(fn: () => T) => T;
};

type HandOffs = {
  runner?: Runner;
  running: Map<bigint, Promise<void>>;
  /** Slots held for runs whose lease is being written (reserveLocalRun). */
  reserved: number;
  renewal?: NodeJS.Timeout;
};

// On globalThis: the all-in-one process holds two copies of lib/ (lib/processes/in-process-worker.ts).
const KEY = Symbol.for('transmute.localHandOffs');
const shared = globalThis as { [KEY]?: HandOffs };
const state = (): HandOffs => (shared[KEY] ??= { running: new Map(), reserved: 0 });

/** The worker beside the web server: from now on, runs may be handed to it directly. */
export function acceptHandOffs(runner: Omit<Runner, 'inWorkerContext'>): void {
  state().runner = { ...runner, inWorkerContext: AsyncLocalStorage.snapshot() };
}

/** An engine slot of this process, held for a run it starts itself once the run's lease is committed. */
export type LocalRun = {
  /** The lease to write, alone or with the conversion's row (lib/jobs/run-leases.ts). */
  lease: RunLease;
  /** The lease is committed: the run starts here. */
  start: (request: ConversionRequest) => void;
  /** No lease was written: the slot is free again. */
  release: () => void;
};

/**
 * Holds an engine slot for a run of `subject`'s (whom it runs for, its turn if a sweep queues it)
 * when this process works its own jobs, has a slot free and none of its queued jobs waiting;
 * undefined when the run must be queued instead. The slot is held before the lease's round trip,
 * so two requests at once cannot both take the last one.
 */
export function reserveLocalRun(subject: string): LocalRun | undefined {
  const s = state();
  const { runner } = s;
  if (!runner || config.inngestEnabled) return undefined;
  const busy = s.running.size + s.reserved + runner.queuedJobsHeld();
  if (busy >= config.engineConcurrency || runner.queuedJobsWaiting()) return undefined;
  s.reserved++;
  let held = true;
  const free = () => {
    if (held) s.reserved--;
    held = false;
  };
  return {
    lease: { subject, ms: config.jobLeaseMs },
    start: (request) => {
      free();
      // The worker stopped meanwhile: the run is given back at once, for any worker's sweep.
      if (s.runner !== runner) {
        void expireLeases([request.id]).catch((err: unknown) =>
          log.error({ err }, '[worker] could not give a run back'),
        );
        return;
      }
      s.running.set(
        request.id,
        Promise.resolve().then(() => runHere(runner, request)),
      );
      renewWhileRunning(s);
    },
    release: free,
  };
}

/**
 * Starts the conversion's run here, once its lease is committed, when reserveLocalRun holds a slot
 * for it; false when the run must be queued instead. Throws when the lease could not be written
 * (the database is down).
 */
export async function handOffLocally(data: ConversionRequestedData, subject: string): Promise<boolean> {
  const local = reserveLocalRun(subject);
  if (!local) return false;
  const request = { id: BigInt(data.conversionId), run: data.run ?? 0, requestId: data.requestId };
  try {
    await takeLease(request.id, request.run, local.lease);
  } catch (e) {
    local.release();
    throw e;
  }
  local.start(request);
  return true;
}

async function runHere(runner: Runner, request: ConversionRequest): Promise<void> {
  const s = state();
  const { id } = request;
  try {
    await runner.inWorkerContext(() => runner.run(request));
  } catch (e) {
    // A transient failure (an engine crash): the queue's retry takes it from the next sweep, as it
    // would after a queue worker's failure (the run counts its attempts on the row).
    log.warn({ err: e, conversionId: String(id) }, '[worker] run failed; it goes back to the queue');
    await expireLeases([id]).catch((err: unknown) => log.error({ err }, '[worker] could not give a run back'));
  } finally {
    s.running.delete(id);
    if (s.running.size === 0) {
      clearInterval(s.renewal);
      s.renewal = undefined;
    }
  }
}

/** While runs are under way here, their leases are renewed three times per lease. */
function renewWhileRunning(s: HandOffs): void {
  if (s.renewal) return;
  const lease = config.jobLeaseMs;
  s.renewal = setInterval(() => {
    renewLeases([...s.running.keys()], lease).catch((err: unknown) =>
      log.error({ err }, '[worker] could not renew the leases of the runs under way'),
    );
  }, lease / 3);
  s.renewal.unref();
}

/**
 * The worker's stop: no more hand-offs; the runs under way here finish until `deadlineMs`, and the
 * ones still running then are given back (their leases expire now) for another worker to run.
 */
export async function stopHandOffs(deadlineMs: number): Promise<void> {
  const s = state();
  s.runner = undefined;
  if (s.running.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
  await Promise.race([Promise.all(s.running.values()), deadline]);
  clearTimeout(timer);
  if (s.running.size > 0) {
    log.warn({ runs: s.running.size }, '[worker] giving back the runs still under way');
    await expireLeases([...s.running.keys()]).catch((err: unknown) =>
      log.error({ err }, '[worker] could not give the runs under way back'),
    );
  }
}
