import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setting } from './read-setting';

let cachedSecret: string | undefined;

/**
 * APP_SECRET, or on a single machine a random one generated once and kept in the data folder (the
 * configuration's validation demands APP_SECRET wherever several machines share the data).
 */
export function appSecret(dataDir: string): string {
  if (cachedSecret) return cachedSecret;
  const given = setting('APP_SECRET');
  if (given) return (cachedSecret = given);
  const file = path.join(dataDir, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written aside and linked into place, so a concurrent reader never sees a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process won the race
    } finally {
      unlinkSync(tmp);
    }
  }
  return (cachedSecret = readFileSync(file, 'utf8').trim());
}
