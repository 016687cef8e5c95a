// The database URL scripts/database.sh records for the running service (in $DATA_DIR/database-url,
// mode 600), so tools started later (scripts/admin.ts, bench) reach the same database.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const databaseUrlFile = (dataDir: string) => path.join(dataDir, 'database-url');

/** DATABASE_URL when set, else the recorded URL; never a guessed one. */
export function databaseUrlFor(dataDir: string): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const file = databaseUrlFile(dataDir);
  if (!existsSync(file)) {
    throw new Error(
      `DATABASE_URL is not set and ${file} does not exist: start Transmute once with scripts/start.sh ` +
        '(it records the database it uses there), or set DATABASE_URL.',
    );
  }
  return readFileSync(file, 'utf8').trim();
}

/** Points this process at that database (before lib/db.ts is imported: its client reads the URL when made). */
export function connectToDatabaseFor(dataDir: string): void {
  process.env.DATABASE_URL = databaseUrlFor(dataDir);
}
