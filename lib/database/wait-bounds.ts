// How every pool of this process waits on PostgreSQL. No imports, so the error mapping and the
// budget can use it without loading a driver.

/**
 * Bounds on every wait, so a request fails fast (503 with Retry-After) instead of hanging: for a
 * pool connection or an unreachable server, for a row lock, for a statement, and for a client that
 * leaves a transaction open. Handlers hold locks for milliseconds; these are far above that.
 */
export const DATABASE_POOL_SETTINGS = {
  connectionTimeoutMillis: 5_000,
  lock_timeout: 5_000,
  statement_timeout: 60_000,
  idle_in_transaction_session_timeout: 15_000,
} as const;
