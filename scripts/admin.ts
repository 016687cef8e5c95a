// Administration for self-hosters:
//   npm run admin -- set-plan <email> <free|starter|pro|business>
//   npm run admin -- verify-email <email>
//   npm run admin -- grant-admin <email> | revoke-admin <email>
//   npm run admin -- disable <email> | enable <email>
//   npm run admin -- delete <email>
//   npm run admin -- accounts [query]
// Each change is written to the audit log with actor and origin "cli". The logic lives in
// lib/admin/admin-commands.ts, over the same functions as the admin API (lib/admin/). Without DATABASE_URL it uses the database that
// scripts/start.sh recorded under DATA_DIR (scripts/database-url.ts), never a guessed one.
import { config } from '@/lib/config';
import { exitOnInvalidConfig } from '@/lib/processes/exit-on-invalid-config';
import { connectToDatabaseFor } from './database-url';

// A command's answer is for the person at the terminal, not the service's log: plain lines on
// stdout and stderr, whatever LOG_FORMAT says.
const TERMINAL = { out: console.log, err: console.error };

async function main() {
  exitOnInvalidConfig('admin');
  // Imported after DATABASE_URL is settled: lib/db creates its client on import.
  connectToDatabaseFor(config.dataDir);
  const { runAdmin } = await import('@/lib/admin/admin-commands');
  const { db } = await import('@/lib/db');
  try {
    process.exitCode = await runAdmin(process.argv.slice(2), TERMINAL);
  } finally {
    await db.$disconnect().catch(() => {});
  }
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  const unreachable = message.match(/Can't reach database server at \S+/)?.[0];
  const hint = '(is Transmute running? scripts/start.sh starts its embedded database)';
  TERMINAL.err(unreachable ? `admin failed: ${unreachable} ${hint}` : `admin failed: ${message}`);
  process.exit(1);
});
