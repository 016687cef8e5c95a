import { config } from '@/lib/config';

/**
 * The PostgreSQL server every pool and client of this process connects to: the one place
 * DATABASE_URL is read (lib/database/pools.ts opens every connection with it). Unset only where no
 * database is needed, e.g. while `next build` imports the modules; a connection then fails naming it.
 */
export function databaseUrl(): string | undefined {
  return config.databaseUrl;
}
