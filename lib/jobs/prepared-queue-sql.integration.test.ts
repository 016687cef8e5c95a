import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '@/lib/database/url';
import { prepareQueueStatements } from '@/lib/jobs/prepared-queue-sql';

// A queue of its own, in a schema of its own, on ONE connection: PostgreSQL lists a session's
// prepared statements only to that session, and a statement without parameters (this test's read
// of the list) runs unnamed on the same connection.
const SCHEMA = 'pgboss_prepared_test';
const QUEUE = 'prepared-test';

describe('pg-boss statements as named prepared statements', () => {
  let boss: PgBoss;
  const preparedTexts = async (): Promise<string[]> =>
    (await boss.getDb().executeSql('SELECT statement FROM pg_prepared_statements')).rows.map(
      (r: { statement: string }) => r.statement,
    );

  beforeAll(async () => {
    boss = new PgBoss({ connectionString: databaseUrl(), schema: SCHEMA, max: 1, supervise: false, schedule: false });
    boss.on('error', () => {});
    prepareQueueStatements(boss);
    await boss.start(); // its schema's migration: several commands in a text, which must still run
    await boss.createQueue(QUEUE);
  });
  afterAll(async () => {
    await boss.getDb().executeSql(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await boss.stop({ graceful: false });
  });

  it('sends, fetches and completes a job through prepared statements, with the same results', async () => {
    const id = await boss.send(QUEUE, { n: 1 });
    expect(id).toBeTruthy();
    const [job] = await boss.fetch<{ n: number }>(QUEUE);
    expect(job).toMatchObject({ id, data: { n: 1 } });
    await boss.complete(QUEUE, id!);
    expect((await boss.getJobById(QUEUE, id!))?.state).toBe('completed');
    // Nothing left to fetch: an empty fetch through the prepared statement finds nothing.
    expect(await boss.fetch(QUEUE)).toEqual([]);

    const texts = await preparedTexts();
    expect(texts.some((t) => /INSERT INTO/i.test(t) && t.includes(SCHEMA))).toBe(true); // the send
    expect(texts.some((t) => /SKIP LOCKED/i.test(t))).toBe(true); // the fetch
    expect(texts.some((t) => /SET completed_on\s*=.*state\s*=\s*'completed'/is.test(t))).toBe(true); // the completion
  });

  it('a text sent again is not prepared again, and the distinct texts prepared stay bounded', async () => {
    const before = (await preparedTexts()).length;
    for (let round = 0; round < 2; round++) await boss.send(QUEUE, { round });
    const afterSends = (await preparedTexts()).length;
    expect(afterSends).toBe(before);

    // Texts with values written into them would make a new statement each: past the bound they run unnamed.
    for (let k = 0; k < 100; k++) {
      const { rows } = await boss.getDb().executeSql(`SELECT $1::int + ${k} AS n`, [1]);
      expect(rows[0].n).toBe(k + 1);
    }
    const distinct = (await preparedTexts()).filter((t) => t.startsWith('SELECT $1::int +')).length;
    expect(distinct).toBeGreaterThan(0);
    expect(distinct + afterSends).toBeLessThanOrEqual(64);
  });
});
