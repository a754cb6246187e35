/**
 * The one database client factory: PGlite (embedded, files under DATA_DIR)
 * by default, PostgreSQL over node-postgres when DATABASE_URL is set. Both
 * get the same schema and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Called with each NOTIFY payload of a channel; `onState(false)` while notifications may be missed, `(true)` once heard again. */
export type ChannelListener = { onMessage(payload: string): void; onState(listening: boolean): void };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** LISTEN on a channel (its own connection on PostgreSQL, reconnecting); returns a function that stops. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
};

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

/** A dedicated node-postgres connection LISTENing on `channel`, reconnected when it drops. */
async function listenPg(url: string, channel: string, listener: ChannelListener) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => listener.onMessage(m.payload ?? ''));
    const retry = () => {
      listener.onState(false);
      c.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(retry), 1000).unref();
    };
    c.on('error', retry);
    await c.connect();
    await c.query(`listen ${channel}`);
    client = c;
    listener.onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

/** pool.end() resolves before its connections have closed; wait for them (bounded), so nothing outlives close(). */
async function endPool(pool: pg.Pool, timeoutMs = 5000): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open <= 0) resolve();
    });
    setTimeout(resolve, timeoutMs).unref();
  });
  await pool.end();
  await closed;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => endPool(pool),
      listen: (channel, listener) => listenPg(options.url, channel, listener),
    };
  }
  let client = options.client;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  }
  const owned = client;
  const db = drizzlePglite({ client: owned, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => owned.close(),
    async listen(channel, listener) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unlisten = await owned.listen(channel, (payload) => listener.onMessage(payload));
      listener.onState(true);
      return async () => {
        if (!owned.closed) await unlisten();
      };
    },
  };
}
