import { Pool } from 'pg';
import type { Conversion as ConversionRow } from '@/lib/generated/prisma/client';
import { assertReadableBy } from '@/lib/conversions/get-conversion-or-throw';
import { serializeStatus } from '@/lib/conversions/serialize-conversion';
import type { Caller } from '@/lib/identity/caller';

// GET /convert/status/{id} is what API clients poll, so it reads its row with one prepared
// statement on a small pg pool of its own rather than through Prisma, whose query compiler costs
// more per call than the whole query (bench/status-reads.ts, bench/RESULTS.md).
const globalForPool = globalThis as unknown as { statusReadPool?: Pool };

type StatusRow = Omit<Parameters<typeof serializeStatus>[0], 'id'> & Pick<ConversionRow, 'userId' | 'guestId'>;

// Prisma keeps DateTime columns as UTC `timestamp(3)`; AT TIME ZONE 'UTC' makes them timestamptz, which
// pg parses to the right Date whatever the process's time zone.
const STATUS_ROW = {
  name: 'conversion-status-row',
  text: `SELECT user_id AS "userId", guest_id AS "guestId", original_file_name AS "originalFileName",
    original_format AS "originalFormat", target_format AS "targetFormat", status, progress, error,
    created_at AT TIME ZONE 'UTC' AS "createdAt", expires_at AT TIME ZONE 'UTC' AS "expiresAt"
    FROM conversions WHERE id = $1`,
};

function pool(): Pool {
  globalForPool.statusReadPool ??= new Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  return globalForPool.statusReadPool;
}

/** The status body of the caller's conversion; 404 and 403 as in `getConversionOrThrow`. */
export async function readConversionStatus(caller: Caller, id: bigint) {
  const { rows } = await pool().query<StatusRow>({ ...STATUS_ROW, values: [id.toString()] });
  return serializeStatus({ ...assertReadableBy(rows[0], caller), id });
}
