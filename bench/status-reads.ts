// Status polling (GET /api/v1/convert/status/{id}) at 50 keep-alive connections with rate limiting
// on, against the floor of any HTTP service on the machine in the same run (the baseline): a bare
// node:http server in its own process answering a constant, fed by the same load generator.
// Run: npx tsx bench/status-reads.ts   (BENCH_SECONDS=10 per run, BENCH_ROUNDS=2, BENCH_CONNECTIONS=50;
// BENCH_RATE_PER_MINUTE=unlimited lifts the limit, to see what counting costs)
import { Client as PgClient } from 'pg';
import sharp from 'sharp';
import { Client } from './lib/client';
import { cpuReading, postgresPid } from './lib/cpu';
import { type BareServer, startBareServer } from './lib/bare-server';
import { type LoadResult, runLoad } from './lib/load';
import { assertBuilt, startServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Finite, so every status request is counted in PostgreSQL, and high enough never to refuse one.
const RATE_PER_MINUTE = process.env.BENCH_RATE_PER_MINUTE ?? '10000000';
const TARGET = { p99Ms: 50 };

/** The baseline: the status route's answer size, as a constant, with no framework, identity or query. */
const BARE_HTTP_CONSTANT = `
  const http = require('node:http');
  const body = JSON.stringify({ ok: true });
  const s = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

const fmt = (r: LoadResult) =>
  `${r.perSec.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms` +
  ` (${r.requests} requests${r.unexpected ? `, ${r.unexpected} unexpected: ${JSON.stringify(r.statuses)}` : ''})`;

/** Requests counted for the limit subject in the window that is open now. */
async function countedRequests(databaseUrl: string): Promise<number> {
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ points: number }>(
      "SELECT points FROM rate_limits WHERE key = 'rpm:client:127.0.0.1' AND expire > $1",
      [Date.now()],
    );
    return rows[0]?.points ?? 0;
  } finally {
    await pg.end();
  }
}

async function main() {
  assertBuilt();
  const server = await startServer({ PLAN_FREE_RATE_PER_MINUTE: RATE_PER_MINUTE });
  const results: { baseline: LoadResult; status: LoadResult }[] = [];
  let bare: BareServer | undefined;
  try {
    bare = await startBareServer(BARE_HTTP_CONSTANT);
    const client = new Client(server.baseUrl);
    await client.init();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
    const id = await client.upload(png, 'status.png', 'webp');
    const outcome = await client.wait(id);
    if (outcome.status !== 'completed') throw new Error(`conversion ${id} ${outcome.status}`);
    console.log(
      `service on ${server.baseUrl}; polling conversion ${id} (${outcome.status}) with ${CONNECTIONS} connections`,
    );

    const pgPid = await postgresPid(server.databaseUrl);
    type Target = { port: number; roots: Record<string, number> };
    const service: Target = {
      port: server.port,
      roots: { web: server.webRootPid, ...(pgPid ? { postgres: pgPid } : {}) },
    };
    const baselineServer: Target = { port: bare.port, roots: { 'bare server': bare.pid } };
    // CPU per request of the serving processes: unlike requests/s, barely moved by other load on a
    // shared machine.
    const load = async (target: Target, path: string, durationMs: number) => {
      const before = cpuReading(target.roots).ms;
      const result = await runLoad({
        port: target.port,
        path,
        headers: { cookie: client.cookieHeader },
        connections: CONNECTIONS,
        durationMs,
      });
      const after = cpuReading(target.roots).ms;
      const per = (k: string) => `${k} ${(((after[k] ?? 0) - (before[k] ?? 0)) / result.requests).toFixed(2)} ms`;
      console.log(`    CPU per request: ${Object.keys(target.roots).map(per).join(', ')}`);
      return result;
    };
    const statusPath = `/api/v1/convert/status/${id}`;
    await load(baselineServer, '/', 2000);
    await load(service, statusPath, 2000);
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await countedRequests(server.databaseUrl);
      const baseline = await load(baselineServer, '/', SECONDS * 1000);
      const status = await load(service, statusPath, SECONDS * 1000);
      const counted = (await countedRequests(server.databaseUrl)) - before;
      console.log(`round ${round}\n  baseline: ${fmt(baseline)}\n  status:   ${fmt(status)}`);
      console.log(
        counted >= 0
          ? `  rate limiter counted ${counted} of the ${status.requests} status requests in PostgreSQL`
          : `  rate limiter: its minute window restarted during the round (${counted + before} counted since)`,
      );
      if (status.unexpected || baseline.unexpected) throw new Error('unexpected responses (see above)');
      results.push({ baseline, status });
    }
  } finally {
    bare?.stop();
    await server.stop();
  }

  const total = (pick: (r: (typeof results)[number]) => LoadResult) => {
    const runs = results.map(pick);
    return {
      perSec: runs.reduce((s, r) => s + r.perSec, 0) / runs.length,
      p50: Math.max(...runs.map((r) => r.p50)),
      p99: Math.max(...runs.map((r) => r.p99)),
    };
  };
  const baseline = total((r) => r.baseline);
  const status = total((r) => r.status);
  const ratio = status.perSec / baseline.perSec;
  console.log(
    `\n${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s each (requests/s: mean of rounds; p50/p99: worst round)`,
  );
  console.log('| route | requests/s | p50 | p99 |');
  console.log('|---|---|---|---|');
  console.log(
    `| baseline (bare node:http, constant) | ${baseline.perSec.toFixed(0)} | ${baseline.p50.toFixed(1)} ms | ${baseline.p99.toFixed(1)} ms |`,
  );
  console.log(
    `| GET /convert/status/{id}, ${RATE_PER_MINUTE} requests/minute | ${status.perSec.toFixed(0)} | ${status.p50.toFixed(1)} ms | ${status.p99.toFixed(1)} ms |`,
  );
  console.log(
    `\nstatus / baseline requests/s: ${(ratio * 100).toFixed(0)} %;` +
      ` status p99 ${status.p99.toFixed(1)} ms (target < ${TARGET.p99Ms} ms)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
