// Administration for self-hosters:
//   npm run admin -- set-plan <email> <free|starter|pro|business>
//   npm run admin -- verify-email <email>
// The logic lives in lib/admin/admin-commands.ts. Without DATABASE_URL it uses the embedded
// PostgreSQL that scripts/start.sh runs (so Transmute must be running).

async function main() {
  if (!process.env.DATABASE_URL) {
    const port = process.env.EMBEDDED_DB_PORT ?? '54329';
    process.env.DATABASE_URL = `postgresql://transmute:transmute@127.0.0.1:${port}/transmute`;
    console.error(`DATABASE_URL is not set; using the embedded database on port ${port} (Transmute must be running).`);
  }
  // Imported after DATABASE_URL is settled: lib/db creates its client on import.
  const { runAdmin } = await import('@/lib/admin/admin-commands');
  const { db } = await import('@/lib/db');
  try {
    process.exitCode = await runAdmin(process.argv.slice(2));
  } finally {
    await db.$disconnect().catch(() => {});
  }
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  const unreachable = message.match(/Can't reach database server at \S+/)?.[0];
  console.error(unreachable ? `admin failed: ${unreachable} (set DATABASE_URL, or start Transmute for its embedded database)` : `admin failed: ${message}`);
  process.exit(1);
});
