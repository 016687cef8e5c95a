// Statements per conversion on PostgreSQL, counted by pg_stat_statements while conversions of a
// 1 MP PNG to WebP run one at a time: through SPEC's protocol (upload → completion over SSE →
// download) and through the one-request POST /api/v1/convert, for a guest and for an API key of a
// Pro account (whose requests also resolve the key and its plan and count the rate limit). Prints
// each statement's calls per conversion, and the total.
//
// pg_stat_statements must be loaded by the server at DATABASE_URL (the dev database of
// scripts/start.sh by default): `ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`,
// then restart it. The script creates the extension in the benchmark's database, and adds a Pro user
// with a key there (removed at the end). Knobs: BENCH_N (conversions per variant, 20).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateApiKey } from '@/lib/identity/api-key';
import { Client } from './lib/client';
import { makePng } from './lib/inputs';
import { assertBuilt, sleep, startServer } from './lib/server';

const N = Number(process.env.BENCH_N ?? 20);
const FOREIGN_KEY_CHECK = /^SELECT (1|\$\d+) FROM ONLY /;

async function main() {
  assertBuilt();
  const png = await makePng();
  const server = await startServer();
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  await admin.connect();
  const userId = `bench-${randomBytes(6).toString('hex')}`;
  try {
    const loaded = await admin.query(`SELECT 1 FROM pg_settings WHERE name = 'shared_preload_libraries'
      AND setting LIKE '%pg_stat_statements%'`);
    if (loaded.rowCount === 0) throw new Error('pg_stat_statements is not loaded (see the top of bench/statements.ts)');
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await admin.query(`INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'pro', now())`, [
      userId,
      `${userId}@example.com`,
    ]);
    const key = generateApiKey();
    await admin.query(`INSERT INTO api_keys (id, user_id, name, prefix, key_hash) VALUES ($1, $1, 'bench', $2, $3)`, [
      userId,
      key.prefix,
      key.keyHash,
    ]);
    const callers = {
      guest: new Client(server.baseUrl),
      'API key': new Client(server.baseUrl, { 'x-api-key': key.secret }),
    };
    await callers.guest.init();

    console.log(`N=${N} conversions per variant, one at a time, after 5 to warm up`);
    const totals: string[] = [];
    for (const [who, client] of Object.entries(callers)) {
      const ways = {
        "SPEC's protocol": async () => (await client.convert(png, 'bench.png', 'webp', undefined, true)).id,
        'one request': async () => (await client.convertInOneRequest(png, 'bench.png', 'webp')).id,
      };
      for (const [way, convert] of Object.entries(ways)) {
        const made: number[] = [];
        for (let i = 0; i < 5; i++) made.push(await convert());
        await sleep(1000); // the last run's queue completion lands before the count starts
        await admin.query('SELECT pg_stat_statements_reset()');
        for (let i = 0; i < N; i++) made.push(await convert());
        await sleep(1000);
        const { rows } = await admin.query<{ calls: string; query: string }>(
          `SELECT calls, query FROM pg_stat_statements
           WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND query NOT ILIKE '%pg_stat_statements%' ORDER BY calls DESC`,
        );
        for (const id of made) await client.remove(id);
        const perConversion = (calls: number) => (calls / N).toFixed(1).padStart(5);
        // PostgreSQL's own foreign-key checks run inside a statement (pg-boss's job insert) and are
        // counted by pg_stat_statements too; they are no statement of ours.
        const sent = rows.filter((r) => !FOREIGN_KEY_CHECK.test(r.query));
        const total = sent.reduce((n, r) => n + Number(r.calls), 0);
        console.log(`\n${who}, ${way}: ${perConversion(total).trim()} statements per conversion`);
        for (const r of sent.filter((r) => Number(r.calls) >= N / 2))
          console.log(`  ${perConversion(Number(r.calls))}  ${r.query.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
        totals.push(`| ${who} | ${way} | ${perConversion(total).trim()} |`);
      }
    }
    console.log('\n| caller | way | statements per conversion |\n|---|---|---|');
    for (const line of totals) console.log(line);
  } finally {
    await admin.query('DELETE FROM users WHERE id = $1', [userId]).catch(() => {});
    await admin.end();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
