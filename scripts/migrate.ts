// Applies pending migrations (`prisma migrate deploy`) while holding a PostgreSQL advisory lock, so
// replicas that start together never migrate concurrently: the second waits for the first, then
// finds nothing pending. Run by scripts/database.sh and `transmute-server migrate` (DATABASE_URL set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { exitOnInvalidConfig } from '@/lib/processes/exit-on-invalid-config';
import { sessionClient } from '@/lib/database/pools';
import { log } from '@/lib/log/logger';

// Any fixed 64-bit key; every process that migrates this database takes the same one.
const MIGRATION_LOCK_KEY = '7370726d69677261';

async function main(): Promise<number> {
  exitOnInvalidConfig('migrate', ['DATABASE_URL']);
  const client = sessionClient('migrate');
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [BigInt(`0x${MIGRATION_LOCK_KEY}`).toString()]);
    const prisma = path.join(process.cwd(), 'node_modules/.bin/prisma');
    return await new Promise<number>((resolve, reject) => {
      // Prisma's report is written as log lines too, so LOG_FORMAT=json holds for this process (it
      // writes notes on stderr as well as errors: a failure is told by its exit status, logged below).
      const child = spawn(prisma, ['migrate', 'deploy'], { stdio: ['ignore', 'pipe', 'pipe'] });
      const report = (input: NodeJS.ReadableStream, level: 'info' | 'warn') =>
        createInterface({ input }).on('line', (line) => {
          if (line.trim()) log[level](`[migrate] ${line}`);
        });
      report(child.stdout, 'info');
      report(child.stderr, 'warn');
      child.once('error', reject);
      child.once('close', (code) => {
        if (code !== 0) log.error(`[migrate] prisma migrate deploy failed (exit status ${code})`);
        resolve(code ?? 1);
      });
    });
  } finally {
    // Closing the session releases the lock, also when prisma failed.
    await client.end().catch(() => {});
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    log.fatal({ error: e instanceof Error ? e.message : String(e) }, '[migrate] failed');
    process.exit(1);
  },
);
