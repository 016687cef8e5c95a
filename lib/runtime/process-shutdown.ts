import { config } from '@/lib/config';
import { log } from '@/lib/log/logger';

// This process's stop, as long-lived work must hear of it: on SIGTERM a web process tells each
// progress stream to send `event: reconnect` and end (its client reconnects to another process)
// before it waits for its in-flight requests. Kept on globalThis: the web server's bundle announces
// it and Next's route bundles listen.

type Listener = () => void;
type Shutdown = { announced: boolean; listeners: Set<Listener> };

const global = globalThis as unknown as { transmuteShutdown?: Shutdown };
const shutdown = (global.transmuteShutdown ??= { announced: false, listeners: new Set() });

/**
 * How long a stopping process gives its in-flight work (SHUTDOWN_SECONDS, default 20): well
 * under the 30 s a container runtime or supervisor waits before its SIGKILL.
 */
export function shutdownDeadlineMs(): number {
  return config.shutdownSeconds * 1000;
}

/** Calls `listener` once when the process begins to stop (at once if it already has); returns the unsubscribe. */
export function onShutdown(listener: Listener): () => void {
  if (shutdown.announced) {
    listener();
    return () => {};
  }
  shutdown.listeners.add(listener);
  return () => void shutdown.listeners.delete(listener);
}

/** Tells every listener that this process is stopping (once). */
export function announceShutdown(): void {
  if (shutdown.announced) return;
  shutdown.announced = true;
  const listeners = [...shutdown.listeners];
  shutdown.listeners.clear();
  for (const listener of listeners) {
    try {
      listener();
    } catch (e) {
      log.error({ err: e }, '[shutdown] a listener failed');
    }
  }
}
