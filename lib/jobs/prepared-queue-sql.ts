import type { Pool, QueryResult } from 'pg';
import type { PgBoss } from 'pg-boss';
import { preparedStatementName } from '@/lib/prepared-sql';

// pg-boss sends every statement unnamed, so PostgreSQL parses and plans its job insert, its fetch
// and its completion again on each call: more CPU than running them (bench/RESULTS.md: prepared,
// PostgreSQL spent about 1 ms less per one-request conversion, a fifth of its share). Here its
// statements run as named prepared statements instead, parsed once per connection, named as the
// service's own are (lib/prepared-sql.ts); a text of several commands (its migrations) cannot be
// one, and runs as before. PostgreSQL still plans a prepared statement for its values until a
// generic plan costs no more, so a statement whose best plan depends on them keeps it.

/**
 * The texts prepared on each connection are pg-boss's own, made from its schema and the queue names:
 * a handful. Should a version interpolate values into its texts, the statements past this many run
 * unnamed, so each connection's prepared statements stay bounded.
 */
const MAX_PREPARED_TEXTS = 64;

type PgBossDatabase = { pool?: Pool; executeSql(text: string, values?: unknown[]): Promise<QueryResult> };

/**
 * Whether a text may be one command: several are separated by semicolons. A text whose literal
 * holds one runs unnamed, which costs only its parse.
 */
const singleCommand = (text: string) => !text.includes(';');

/** Makes `boss`'s statements named prepared statements (before it starts). */
export function prepareQueueStatements(boss: PgBoss): void {
  const db = boss.getDb() as PgBossDatabase;
  const unnamed = db.executeSql.bind(db);
  // Each text prepared so far and its statement's name: a repeat costs one lookup.
  const names = new Map<string, string>();
  db.executeSql = (text, values) => {
    if (!db.pool) return unnamed(text, values);
    let name = names.get(text);
    if (name === undefined) {
      if (!singleCommand(text) || names.size >= MAX_PREPARED_TEXTS) return unnamed(text, values);
      name = preparedStatementName(text);
      names.set(text, name);
    }
    return db.pool.query({ name, text, values: values ?? [] });
  };
}
