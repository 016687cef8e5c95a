import { Client, Pool, type PoolConfig } from 'pg';
import type { ConstructorOptions, PgBoss } from 'pg-boss';
import { config } from '@/lib/config';
import { type PoolName, poolSize } from '@/lib/database/budget';
import { databaseUrl } from '@/lib/database/url';
import { DATABASE_POOL_SETTINGS } from '@/lib/database/wait-bounds';
import { log } from '@/lib/log/logger';

// Every connection this process opens to PostgreSQL is opened here: the pools, sized from the
// configuration (lib/database/budget.ts), the LISTEN connection, migrations' session and the job
// queue. Each is made on first use and kept on globalThis (a web process that also runs the worker
// loads these modules twice, once in Next's bundle and once in the server's), so a process opens
// only the pools its role uses, once. Each connection names its pool in pg_stat_activity's
// application_name (a DATABASE_URL that sets one keeps its own).

type PgPoolName = Exclude<PoolName, 'listen' | 'queue'>;
type Opened = { pools: Map<PgPoolName, Pool>; listen?: Client; queue?: PgBoss };
const globalPools = globalThis as unknown as { databasePools?: Opened };
const opened = (): Opened => (globalPools.databasePools ??= { pools: new Map() });

const applicationName = (pool: PoolName) => `transmute ${pool.replace('_', '-')}`;

/**
 * The pool `name` (made on first call; `options` apply then). Connections open on first query, so
 * making it (e.g. while `next build` imports lib/db.ts) needs no database.
 */
export function pgPool(name: PgPoolName, options: Pick<PoolConfig, 'types'> = {}): Pool {
  const pools = opened().pools;
  let pool = pools.get(name);
  if (!pool) {
    pool = new Pool({
      connectionString: databaseUrl(),
      application_name: applicationName(name),
      max: poolSize(name),
      ...DATABASE_POOL_SETTINGS,
      ...options,
    });
    // A connection the server dropped while idle (a restart, an outage; for an upload lock, the lock
    // went with it) is reported here; unheard, the pool's 'error' event would end the process. The
    // next query opens a new connection.
    pool.on('error', (e) => log.error({ pool: name, error: e.message }, '[database] connection lost'));
    pools.set(name, pool);
  }
  return pool;
}

/** A client of its own, not yet connected: a session for LISTEN, or for migrations' advisory lock. */
export function sessionClient(name: 'listen' | 'migrate'): Client {
  return new Client({
    connectionString: databaseUrl(),
    application_name: name === 'listen' ? applicationName('listen') : 'transmute migrate',
    connectionTimeoutMillis: DATABASE_POOL_SETTINGS.connectionTimeoutMillis,
  });
}

/** Records the process's LISTEN connection while it is open, for the health report. */
export function trackListenClient(client: Client | undefined): void {
  opened().listen = client;
}

/** The embedded queue's pg-boss instance (not started): its pool sized by the budget. */
export async function queueClient(options: Omit<ConstructorOptions, 'connectionString' | 'max'>): Promise<PgBoss> {
  // Loaded here, not at the top: a process that never queues (or runs on Inngest) never loads it.
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    application_name: applicationName('queue'),
    ...options,
    connectionString: databaseUrl(),
    // pg-boss's own pool; its LISTEN connection is the budget's one more.
    max: config.databaseQueuePoolSize,
  });
  opened().queue = boss;
  return boss;
}

/** Connections each pool of this process holds now (0 for one it has not opened). */
export function openConnections(): Record<PoolName, number> {
  const { pools, listen, queue } = opened();
  const count = (name: PgPoolName) => pools.get(name)?.totalCount ?? 0;
  // pg-boss keeps its pool on its database object; its LISTEN connection is not counted there.
  const queuePool = (queue?.getDb() as { pool?: Pool } | undefined)?.pool;
  return {
    prisma: count('prisma'),
    prepared: count('prepared'),
    rate_limit: count('rate_limit'),
    upload_locks: count('upload_locks'),
    listen: listen ? 1 : 0,
    queue: queuePool?.totalCount ?? 0,
  };
}
