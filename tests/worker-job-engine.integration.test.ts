import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '@/tests/support/worker-process';
import { sleep } from '@/tests/support/wait-for';

// The worker starts only the job engine it uses. Each run gets an empty database of its own, so
// whatever appears in it (pg-boss's schema, a connection) can only be that worker's.
const databaseName = `worker_engine_${randomBytes(4).toString('hex')}`;
const urlOf = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = new Client({ connectionString: process.env.DATABASE_URL });
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
});
afterAll(async () => {
  workers.forEach((w) => w.stop());
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
});

/** What a worker left in the database: whether pg-boss's schema exists, and its open connections. */
async function footprint() {
  const probe = new Client({ connectionString: urlOf(databaseName) });
  await probe.connect();
  try {
    const hasSchema = (await probe.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'`)).rowCount === 1;
    const connections = Number(
      (
        await probe.query(
          `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows[0].count,
    );
    return { hasSchema, connections };
  } finally {
    await probe.end();
  }
}

describe('npm run worker', () => {
  it('with Inngest configured, starts no embedded queue: no pg-boss schema, no connection', async () => {
    const worker = await startWorkerProcess({
      DATABASE_URL: urlOf(databaseName),
      INNGEST_DEV: '1',
      INNGEST_BASE_URL: 'http://127.0.0.1:9', // nothing listens: the connection is retried in the background
    });
    workers.push(worker);
    await sleep(3000); // pg-boss would have created its schema and started polling by now
    const seen = await footprint();
    expect(seen.hasSchema).toBe(false);
    expect(seen.connections).toBe(0);
    expect(worker.output()).toContain('jobs=inngest');
    worker.stop();
  });

  it('without Inngest, runs the embedded queue in the same database', async () => {
    const worker = await startWorkerProcess({
      DATABASE_URL: urlOf(databaseName),
      INNGEST_DEV: undefined,
      INNGEST_EVENT_KEY: undefined,
    });
    workers.push(worker);
    const seen = await footprint();
    expect(seen.hasSchema).toBe(true);
    expect(seen.connections).toBeGreaterThan(0);
    worker.stop();
  });
});
