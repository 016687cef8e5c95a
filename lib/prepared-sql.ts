import { createHash } from 'node:crypto';
import { types } from 'pg';
import type { Prisma } from '@/lib/generated/prisma/client';
import { pgPool } from '@/lib/database/pools';

// The statements every request or job makes (a conversion's creation and its run's state changes,
// the row read of every conversion route, the status poll, the caller's key or session and plan) go
// to PostgreSQL as named prepared statements on a small pool of their own, not through Prisma. There
// a raw statement costs this process about 0.2 ms of CPU before it is sent, and PostgreSQL parses and
// plans it on every call; here it is parsed once per connection and the client's part costs a fifth
// (bench/RESULTS.md). Statements are written with Prisma.sql, as everywhere else, and rows come back
// typed as Prisma's raw reads type them, so a caller cannot tell the two apart.

const INT8 = 20;
const TIMESTAMP = 1114;

/**
 * Rows as Prisma gives them: bigint columns as BigInt (pg's default is a string, which loses
 * nothing but would differ), and `timestamp` columns, which Prisma writes as UTC wall-clock time,
 * as that UTC instant whatever the process's time zone.
 */
const prismaTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (v: string) => BigInt(v);
    if (oid === TIMESTAMP) return (v: string) => new Date(`${v.replace(' ', 'T')}Z`);
    return types.getTypeParser(oid, format);
  }) as typeof types.getTypeParser,
};

/** The pool (lib/database's, sized by DATABASE_PREPARED_POOL_SIZE; opened on first use, like Prisma's). */
export const preparedSqlPool = () => pgPool('prepared', { types: prismaTypes });

// A statement's name is a digest of its text: the same text is the same prepared statement on every
// connection, and a different text can never take another's name. The texts are the code's own
// (values travel as parameters), so there are few of them.
const names = new Map<string, string>();
export function preparedStatementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Parameters as Prisma sends them: a Date as its UTC instant (pg's default writes local time,
 * which a `timestamp` or `::date` cast would take at face value).
 */
const parameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Runs `sql` as a named prepared statement. */
const run = (sql: Prisma.Sql) =>
  preparedSqlPool().query({ name: preparedStatementName(sql.text), text: sql.text, values: sql.values.map(parameter) });

/** Runs `sql` as a named prepared statement; its rows, typed as Prisma's `$queryRaw` types them. */
export async function preparedQuery<T>(sql: Prisma.Sql): Promise<T[]> {
  return (await run(sql)).rows as T[];
}

/** Runs `sql` as a named prepared statement; the number of rows it returned or changed (as `$executeRaw`). */
export async function preparedExecute(sql: Prisma.Sql): Promise<number> {
  return (await run(sql)).rowCount ?? 0;
}
