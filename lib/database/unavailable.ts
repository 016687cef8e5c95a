// Which database errors mean "busy or unreachable, retry" rather than a fault of ours. No imports,
// so the error mapping can use it without loading the Prisma client.

/** Seconds a client is asked to wait before retrying a request the database could not take. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL's lock_not_available (lock_timeout), query_canceled (statement_timeout),
// too_many_connections, admin/crash shutdown, cannot_connect_now, and connection failures.
const BUSY_SQLSTATES = new Set([
  '55P03',
  '57014',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
// Prisma's: server unreachable, connect timeout, connection closed, pool timeout, transaction start timeout.
const BUSY_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024', 'P2028']);
const BUSY_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free within connectionTimeoutMillis
  'Connection terminated',
  'ECONNREFUSED',
];

type Shaped = {
  code?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
  cause?: unknown;
};

/** Whether `e` says the database is busy or unreachable (matched by shape: Prisma, its adapter, pg). */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (typeof e !== 'object' || e === null || depth > 3) return false;
  const shaped = e as Shaped & { originalCode?: unknown; kind?: unknown };
  if (typeof shaped.code === 'string' && (BUSY_PRISMA_CODES.has(shaped.code) || BUSY_SQLSTATES.has(shaped.code))) {
    return true;
  }
  if (typeof shaped.originalCode === 'string' && BUSY_SQLSTATES.has(shaped.originalCode)) return true;
  if (shaped.kind === 'DatabaseNotReachable' || shaped.kind === 'SocketTimeout') return true;
  if (typeof shaped.message === 'string' && BUSY_MESSAGES.some((m) => (shaped.message as string).includes(m))) {
    return true;
  }
  return (
    isDatabaseUnavailable(shaped.meta?.driverAdapterError?.cause, depth + 1) ||
    isDatabaseUnavailable(shaped.cause, depth + 1)
  );
}
