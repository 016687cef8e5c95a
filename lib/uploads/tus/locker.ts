import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { AppError } from '@/lib/errors';
import { listen } from '@/lib/database/listen';
import { pgPool } from '@/lib/database/pools';

// @tus/server's Locker over PostgreSQL advisory locks, so a PATCH, HEAD or DELETE on an upload is
// exclusive across every web process sharing the database. An advisory lock belongs to a session:
// the connection that took it stays checked out until unlock, and closing that connection (a
// crashed process, a dropped socket) releases it. Waiting holds no connection: a waiter polls with
// pg_try_advisory_lock and returns the connection between tries.
//
// tus's "request release": a request that finds the upload locked asks the holder to let go (the
// holder's client has usually gone half-open), and the holder aborts after @tus/server's
// lockDrainTimeout. Across processes the ask travels as a NOTIFY every process LISTENs for. Locks
// are held on lib/database's `upload_locks` pool (DATABASE_UPLOAD_LOCK_POOL_SIZE: uploads this
// process writes at once).

/** How long a request waits for an upload another request holds before it is refused. */
const TUS_LOCK_WAIT_MS = 10_000;
const RETRY_MS = 100;
/** A waiter repeats its release request this often, as @tus/server's MemoryLocker does on each try. */
const RELEASE_REPEAT_MS = 1_000;
/** The NOTIFY channel of release requests; the payload is the upload's id. */
export const RELEASE_CHANNEL = 'tus_lock_release';
/** The first key of every tus lock, so they never meet the application's other advisory locks. */
const LOCK_NAMESPACE = 0x7475_7301; // "tus" 1

/** The second key: 32 bits of the id's SHA-256 (a collision only makes two uploads take turns). */
const lockKey = (id: string) => createHash('sha256').update(id).digest().readInt32BE(0);

/** The two keys of an upload's lock, as pg_locks shows them (classid, objid: unsigned). */
export const tusLockKeys = (id: string): [number, number] => [LOCK_NAMESPACE, lockKey(id) >>> 0];

type Shared = {
  pool: Pool;
  /** Release requests of the locks this process holds, by upload id. */
  held: Map<string, Set<RequestRelease>>;
  listening?: Promise<unknown>;
};
const globalLocker = globalThis as unknown as { tusLocker?: Shared };

function shared(): Shared {
  globalLocker.tusLocker ??= { pool: pgPool('upload_locks'), held: new Map() };
  return globalLocker.tusLocker;
}

/** Hears release requests on the process's LISTEN connection (lib/database/listen.ts). */
function listenForReleaseRequests(state: Shared): Promise<unknown> {
  if (state.listening) return state.listening;
  state.listening = listen(RELEASE_CHANNEL, (id) => {
    for (const release of state.held.get(id) ?? []) void release();
  });
  state.listening.catch(() => (state.listening = undefined));
  return state.listening;
}

class AdvisoryLock implements Lock {
  private client?: PoolClient;
  private release?: RequestRelease;

  constructor(
    private readonly id: string,
    private readonly waitMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const state = shared();
    // Without the listener this process could not hear a waiter's request, only time it out.
    await listenForReleaseRequests(state).catch(() => {});
    const deadline = Date.now() + this.waitMs;
    let lastAsked = 0;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      if (await this.tryLock(state.pool)) break;
      if (Date.now() >= deadline) {
        // 409, as for a moved offset: tus clients retry it after asking the offset again.
        throw new AppError('conflict', 'Another request is writing this upload; retry shortly');
      }
      if (Date.now() - lastAsked >= RELEASE_REPEAT_MS) {
        lastAsked = Date.now();
        await state.pool.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
      }
      await sleep(RETRY_MS, undefined, { signal }).catch(() => {});
    }
    this.release = requestRelease;
    const releases = state.held.get(this.id) ?? new Set();
    releases.add(requestRelease);
    state.held.set(this.id, releases);
  }

  /** Takes the lock on a pooled connection and keeps that connection, or gives it back at once. */
  private async tryLock(pool: Pool): Promise<boolean> {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        LOCK_NAMESPACE,
        lockKey(this.id),
      ]);
      if (!rows[0]?.locked) {
        client.release();
        return false;
      }
    } catch (e) {
      client.release(e as Error);
      throw e;
    }
    this.client = client;
    return true;
  }

  async unlock(): Promise<void> {
    const state = shared();
    const releases = state.held.get(this.id);
    if (this.release) releases?.delete(this.release);
    if (releases?.size === 0) state.held.delete(this.id);
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock');
    this.client = undefined;
    this.release = undefined;
    try {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lockKey(this.id)]);
      client.release();
    } catch (e) {
      // Closing the session releases whatever it still holds.
      client.release(e as Error);
    }
  }
}

/** The Locker every web process gives @tus/server. */
export class PostgresLocker implements Locker {
  constructor(private readonly waitMs = TUS_LOCK_WAIT_MS) {}

  newLock(id: string): Lock {
    return new AdvisoryLock(id, this.waitMs);
  }
}
