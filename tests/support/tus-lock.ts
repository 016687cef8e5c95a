// Where a tus upload's lock stands, read from PostgreSQL (lib/uploads/tus/locker.ts), so tests that
// race PATCHes across web processes wait for the lock instead of a fixed time.
import { Client } from 'pg';
import { db } from '@/lib/db';
import { RELEASE_CHANNEL, tusLockKeys } from '@/lib/uploads/tus/locker';
import { tusIdOf } from '@/lib/uploads/tus/server';
import { waitFor } from '@/tests/support/wait-for';

/** Waits until a web process holds the tus lock of upload `token`: its PATCH is in and the body may come. */
export async function lockTaken(token: string): Promise<void> {
  const [space, key] = tusLockKeys(tusIdOf(token));
  await waitFor(
    () => db.$queryRaw<Array<{ held: number }>>`
      SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
        AND classid::bigint = ${space} AND objid::bigint = ${key}`,
    ([row]) => row.held > 0,
    { timeoutMs: 10_000, intervalMs: 20 },
  );
}

/**
 * Listens for requests to release the lock of upload `token`: a PATCH that finds the upload locked
 * asks the holder to let go, so `asked` resolves once a second request is in and waiting.
 */
export async function releaseRequests(token: string): Promise<{ asked: Promise<void>; stop: () => Promise<void> }> {
  const id = tusIdOf(token);
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const asked = new Promise<void>((resolve) =>
    client.on('notification', (msg) => {
      if (msg.channel === RELEASE_CHANNEL && msg.payload === id) resolve();
    }),
  );
  await client.query(`LISTEN ${RELEASE_CHANNEL}`);
  return { asked, stop: () => client.end() };
}
