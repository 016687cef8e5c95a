// The all-in-one process (scripts/server.ts --with-worker) runs the job worker from Next's module
// graph, not from the web server's bundle: the two bundles each hold their own copy of lib/, and a
// worker started from the server's copy ran conversions with one copy of every class and module
// state while the subscribers Next's copy registered threw errors of the other (a URL import that
// failed was taken for an engine crash and fetched three times). So the web server only asks for
// the worker before Next starts; Next's instrumentation hook (instrumentation.ts) starts it and
// leaves its stop here. Kept on globalThis under Symbol.for, the one place both copies share.

type Stop = () => Promise<void>;
type InProcessWorker = { wanted: boolean; started?: Promise<Stop> };

const KEY = Symbol.for('transmute.inProcessWorker');
const shared = globalThis as { [KEY]?: InProcessWorker };
const state = (): InProcessWorker => (shared[KEY] ??= { wanted: false });

/** The web server, before Next prepares: this process runs the job worker too. */
export function askForInProcessWorker(): void {
  state().wanted = true;
}

/**
 * instrumentation.ts: starts the worker with `start` when the web server asked for it, once however
 * often the hook runs; resolves when it takes jobs (rejects if it cannot start).
 */
export async function startInProcessWorkerIfAsked(start: () => Promise<Stop>): Promise<void> {
  const s = state();
  if (!s.wanted) return;
  s.started ??= start();
  await s.started;
}

/** The web server's stop: the worker's jobs finish or are handed back (nothing when none runs). */
export async function stopInProcessWorker(): Promise<void> {
  const stop = await state().started?.catch(() => undefined);
  await stop?.();
}
