// Applies pending migrations (`prisma migrate deploy`) while holding a PostgreSQL advisory lock, so
// replicas that start together never migrate concurrently: the second waits for the first, then
// finds nothing pending. Run by scripts/database.sh and `transmute-server migrate` (DATABASE_URL set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { exitOnInvalidConfig } from '@/lib/config/validate-config';
import { sessionClient } from '@/lib/database/pools';

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
      const child = spawn(prisma, ['migrate', 'deploy'], { stdio: 'inherit' });
      child.once('error', reject);
      child.once('close', (code) => resolve(code ?? 1));
    });
  } finally {
    // Closing the session releases the lock, also when prisma failed.
    await client.end().catch(() => {});
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error('[migrate] failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
