import { type Conversion as ConversionRow, Prisma } from '@/lib/generated/prisma/client';
import { assertReadableBy } from '@/lib/conversions/get-conversion-or-throw';
import { serializeStatus } from '@/lib/conversions/serialize-conversion';
import type { Caller } from '@/lib/identity/caller';
import { preparedQuery } from '@/lib/prepared-sql';

// GET /convert/status/{id} is what API clients poll, so it reads only the columns of its answer, as
// a prepared statement (lib/prepared-sql.ts). Concurrent reads share statements: reads that arrive
// while one is in flight go together as the next one (`WHERE id = ANY(…)`), so under load a query
// (its round trip, syscalls and backend work) serves many requests, and every read still sees the
// row as it was after the read began (bench/status-reads.ts, bench/RESULTS.md).

type StatusRow = Omit<Parameters<typeof serializeStatus>[0], 'id'> & Pick<ConversionRow, 'userId' | 'guestId'>;

const statusRows = (ids: string[]) => Prisma.sql`SELECT id::text AS "key", user_id AS "userId", guest_id AS "guestId",
    original_file_name AS "originalFileName", original_format AS "originalFormat", target_format AS "targetFormat",
    status, progress, error, created_at AS "createdAt", expires_at AS "expiresAt"
    FROM conversions WHERE id = ANY(${ids}::bigint[])`;

type Waiter = { id: string; resolve: (row: StatusRow | undefined) => void; reject: (e: unknown) => void };
let queued: Waiter[] | null = null; // non-null while a statement is in flight

async function readBatch(batch: Waiter[]): Promise<void> {
  try {
    const ids = [...new Set(batch.map((w) => w.id))];
    const rows = await preparedQuery<StatusRow & { key: string }>(statusRows(ids));
    const byId = new Map(rows.map(({ key, ...row }) => [key, row as StatusRow]));
    for (const w of batch) w.resolve(byId.get(w.id));
  } catch (e) {
    for (const w of batch) w.reject(e);
  }
  const next = queued ?? [];
  queued = next.length ? [] : null;
  if (next.length) void readBatch(next);
}

function readRow(id: bigint): Promise<StatusRow | undefined> {
  return new Promise((resolve, reject) => {
    const waiter = { id: id.toString(), resolve, reject };
    if (queued) return void queued.push(waiter);
    queued = [];
    void readBatch([waiter]);
  });
}

/** The status body of the caller's conversion; 404 and 403 as in `getConversionOrThrow`. */
export async function readConversionStatus(caller: Caller, id: bigint) {
  return serializeStatus({ ...assertReadableBy(await readRow(id), caller), id });
}
