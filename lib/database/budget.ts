import { config } from '@/lib/config';

// The connections one process may open to PostgreSQL: each pool's size (from the configuration)
// and which roles open it. Pools open on first use, so a worker never opens the web's rate-limit
// or upload-lock pools; the all-in-one process (web and worker in one) opens the web's set, whose
// pools the worker's work shares. The README's table of the budget is this.

export type Role = 'web' | 'worker' | 'all_in_one';
export const ROLES: Role[] = ['web', 'worker', 'all_in_one'];

const ALL: Role[] = ROLES;
const WEB: Role[] = ['web', 'all_in_one'];

/** Every pool and client of a process, its size, and the roles that open it. */
export const POOLS = {
  /** The Prisma client's pool (lib/db.ts): the model API and raw reads. */
  prisma: { size: () => config.databasePoolSize, roles: ALL },
  /** The named prepared statements of every request and job (lib/prepared-sql.ts). */
  prepared: { size: () => config.databasePreparedPoolSize, roles: ALL },
  /** The per-minute rate limit's counters (lib/limits/rate-limit.ts). */
  rate_limit: { size: () => config.databaseRateLimitPoolSize, roles: WEB },
  /** One connection per tus upload lock held (lib/uploads/tus/locker.ts). */
  upload_locks: { size: () => config.databaseUploadLockPoolSize, roles: WEB },
  /** The one LISTEN connection (lib/database/listen.ts): conversion events, upload lock releases. */
  listen: { size: () => 1, roles: ALL },
  /** The embedded queue (pg-boss): its pool and the connection it LISTENs on; none with Inngest. */
  queue: { size: () => (config.inngestEnabled ? 0 : config.databaseQueuePoolSize + 1), roles: ALL },
} as const;
export type PoolName = keyof typeof POOLS;
export const POOL_NAMES = Object.keys(POOLS) as PoolName[];

/** How many connections `pool` may hold. */
export const poolSize = (pool: PoolName): number => POOLS[pool].size();

/** The most connections one process of `role` opens: the sizes of the pools it uses. */
export function connectionBudget(role: Role): number {
  return POOL_NAMES.filter((name) => (POOLS[name].roles as readonly Role[]).includes(role)).reduce(
    (sum, name) => sum + poolSize(name),
    0,
  );
}
