import { AsyncLocalStorage } from 'node:async_hooks';

// The ids that tie a log line to what it is about: the request being answered, the conversion
// being run (and the request that asked for it). Every line logged while one is in force carries
// them (lib/log/logger.ts), and a job queued while a request is answered keeps its
// request id. Kept on globalThis: the web server's bundle and Next's route bundles are apart, and
// a context entered by one must be seen by the other.

export type LogContext = { requestId?: string; conversionId?: string };

const global = globalThis as unknown as { transmuteLogContext?: AsyncLocalStorage<LogContext> };
const storage = (global.transmuteLogContext ??= new AsyncLocalStorage<LogContext>());

/** Runs `fn` with these ids added to the ones already in force. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return storage.run({ ...storage.getStore(), ...defined }, fn);
}

/** The ids in force here (none outside a request or a job). */
export const logContext = (): LogContext => storage.getStore() ?? {};
