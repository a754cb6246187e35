/**
 * pg-boss runs its SQL through the app's own database client (its `db`
 * option), so the jobs live in the same database as everything else: the
 * node-postgres pool on PostgreSQL, the one PGlite instance otherwise
 * (docs/decisions/0012-durable-jobs.md). `txExecutor` runs it on an open
 * drizzle transaction instead, so a job is written together with the rows
 * it is about, or not at all.
 */
import { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type { Db, Tx } from '../../db/client.ts';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export function sqlExecutor(db: Db): PgBoss.Db {
  const client = (db as unknown as { $client: PGlite | Queryable }).$client;
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        // pg-boss sends its locking transactions as one multi-statement text without parameters
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * The connection of an open transaction: drizzle's session holds it (the
 * checked-out pool client on PostgreSQL, PGlite's transaction object), and
 * both answer `query(text, values)` inside the transaction. Only for
 * statements with parameters (a job insert), which is all `send` runs.
 */
export function txExecutor(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: Queryable } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}
