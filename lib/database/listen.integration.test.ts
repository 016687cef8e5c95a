import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '@/lib/database/listen';
import { waitFor } from '@/tests/support/wait-for';

// NOTIFY reaches a process over one LISTEN connection whatever the channels, and a connection the
// server drops is replaced, LISTENing again on every channel.

const admin = new Client({ connectionString: process.env.DATABASE_URL });
afterAll(() => admin.end());

const listenBackends = async () =>
  (
    await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = 'transmute listen' AND pid <> pg_backend_pid()",
    )
  ).rows.map((r) => r.pid);

/** Sends `payload` on `channel` until `heard` holds it (a NOTIFY sent while reconnecting is lost). */
const heardAfterNotifying = (channel: string, payload: string, heard: string[]) =>
  waitFor(
    async () => {
      await admin.query('SELECT pg_notify($1, $2)', [channel, payload]);
      return heard;
    },
    (h) => h.includes(payload),
    { timeoutMs: 10_000, intervalMs: 200 },
  );

describe('the LISTEN connection', () => {
  it('serves every channel on one connection and LISTENs again on each after the server drops it', async () => {
    await admin.connect();
    // Another process on the same server may hold a LISTEN connection of its own (an earlier test
    // file's, not yet gone): only the connections opened from here on are this process's.
    const earlier = new Set(await listenBackends());
    const ours = async () => (await listenBackends()).filter((pid) => !earlier.has(pid));
    const a: string[] = [];
    const b: string[] = [];
    await listen('listen_test_a', (p) => a.push(p));
    await listen('listen_test_b', (p) => b.push(p));
    const [first, ...others] = await ours();
    expect(first).toBeDefined();
    expect(others).toEqual([]);

    await heardAfterNotifying('listen_test_a', 'one', a);
    await heardAfterNotifying('listen_test_b', 'two', b);
    // Each handler hears its own channel only.
    expect(a).not.toContain('two');
    expect(b).not.toContain('one');

    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    await heardAfterNotifying('listen_test_a', 'three', a);
    await heardAfterNotifying('listen_test_b', 'four', b);
    const after = await ours();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(listen('x; DROP TABLE users', () => {})).rejects.toThrow('Not a channel name');
  });
});
