import { Client } from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { preparedQuery, preparedSqlPool } from '@/lib/prepared-sql';
import { waitFor } from '@/tests/support/wait-for';
import { log } from '@/lib/log/logger';

// The pool of the hot path's prepared statements outlives its connections: one the server drops
// while idle (a restart, an outage) is reported and replaced, never the end of the process.

const admin = new Client({ connectionString: process.env.DATABASE_URL });
afterAll(() => admin.end());

describe('the prepared-statement pool', () => {
  it('survives the server dropping its idle connections, and the next statement runs on a new one', async () => {
    const reported = vi.spyOn(log, 'error').mockImplementation(() => {});
    const backend = async () =>
      (await preparedQuery<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`))[0].pid;
    const before = await backend();
    expect(preparedSqlPool().idleCount).toBeGreaterThan(0);

    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1', [before]);
    await waitFor(
      () => reported.mock.calls.length,
      (n) => n > 0,
      { timeoutMs: 5000 },
    );
    expect(reported.mock.calls[0][0]).toMatchObject({ pool: 'prepared' });
    expect(reported.mock.calls[0][1]).toContain('connection lost');

    const after = await backend();
    expect(after).not.toBe(before);
    reported.mockRestore();
  });
});
