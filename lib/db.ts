import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { pgPool } from '@/lib/database/pools';

// One Prisma client per process, kept on globalThis: a web process that also runs the job worker
// (scripts/server.ts --with-worker) loads this module twice, once in Next's bundle and once in the
// server's, and one client means one pool and one query compiler. Its pool is lib/database's (sized
// by DATABASE_POOL_SIZE), given to the adapter, which ends it on $disconnect. Secrets are omitted
// unless a query asks for them.
const globalForDb = globalThis as unknown as { prisma?: Db };
type Db = ReturnType<typeof createClient>;

function createClient() {
  // Connections open on first query, so importing this (e.g. during `next build`) needs no database.
  return new PrismaClient({
    adapter: new PrismaPg(pgPool('prisma'), { disposeExternalPool: true }),
    omit: { user: { passwordHash: true }, apiKey: { keyHash: true } },
  });
}

export const db: Db = (globalForDb.prisma ??= createClient());
