import { type Conversion, Prisma } from '@/lib/generated/prisma/client';

// The hot statements of a conversion's life (its creation and its run's state changes) are raw SQL:
// one statement each where Prisma's model API needs a transaction around it and a compiled query.
// These are the pieces they share, so that a raw statement reads and writes a `Conversion` exactly
// as Prisma does.

/** Each column of a conversion under its field name (the compiler holds it to the model). */
const COLUMNS = {
  id: 'id',
  userId: 'user_id',
  guestId: 'guest_id',
  originalFileName: 'original_file_name',
  originalFormat: 'original_format',
  targetFormat: 'target_format',
  operation: 'operation',
  options: 'options',
  status: 'status',
  progress: 'progress',
  error: 'error',
  attempts: 'attempts',
  run: 'run',
  inputKey: 'input_key',
  inputSize: 'input_size',
  resultKey: 'result_key',
  resultSize: 'result_size',
  resultCrc32: 'result_crc32',
  resultParts: 'result_parts',
  createdAt: 'created_at',
  startedAt: 'started_at',
  completedAt: 'completed_at',
  expiresAt: 'expires_at',
  batchId: 'batch_id',
  batchIndex: 'batch_index',
  sourceUrl: 'source_url',
  sourceMaxBytes: 'source_max_bytes',
  sourceFetchedAt: 'source_fetched_at',
} as const satisfies Record<keyof Conversion, string>;

type Field = keyof typeof COLUMNS;

/** `RETURNING` / `SELECT` list that gives back a whole `Conversion` (Prisma's raw reads type each column). */
export const CONVERSION_ROW = Prisma.raw(
  Object.entries(COLUMNS)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', '),
);

/** Now as Prisma stores a DateTime: a UTC timestamp without time zone. */
export const NOW_UTC = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** JSON for jsonb_populate_record: bigints as text, dates as UTC ISO (a timestamp keeps its wall clock). */
const jsonValue = (value: unknown) =>
  typeof value === 'bigint' ? String(value) : value instanceof Date ? value.toISOString() : value;

/**
 * A new conversion's columns, and its values as the row `r` that `record` makes, for
 * `INSERT INTO conversions (<columns>) SELECT <values> FROM <record>`. The values travel as one JSON
 * object that PostgreSQL reads into the table's row type, so each value gets its column's own type
 * (enums, jsonb, bigint) with no list of types here; columns left out keep their defaults.
 */
export function conversionValues(data: Partial<Record<Field, unknown>>) {
  const given = (Object.keys(data) as Field[]).filter((field) => data[field] !== undefined);
  const json = JSON.stringify(Object.fromEntries(given.map((f) => [COLUMNS[f], jsonValue(data[f])])));
  return {
    columns: Prisma.raw(given.map((f) => COLUMNS[f]).join(', ')),
    values: Prisma.raw(given.map((f) => `r.${COLUMNS[f]}`).join(', ')),
    record: Prisma.sql`jsonb_populate_record(NULL::conversions, ${json}::jsonb) AS r`,
  };
}
