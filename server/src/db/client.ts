/**
 * The one database client factory: PGlite (embedded, files under DATA_DIR)
 * by default, PostgreSQL over node-postgres when DATABASE_URL is set. Both
 * get the same schema and the same migrations. On PostgreSQL the migrations
 * run under an advisory lock, so instances starting together migrate once.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { DatabaseSsl } from '../config/deploy.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type PoolStats = { total: number; idle: number; waiting: number };
export type HealthChecks = { database: boolean; migrations: boolean };
/** Called with each NOTIFY payload of a channel; `onState(false)` while notifications may be missed, `(true)` once heard again. */
export type ChannelListener = { onMessage(payload: string): void; onState(listening: boolean): void };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** `select 1` answers, and every migration of the journal is applied. */
  check(): Promise<HealthChecks>;
  /** The PostgreSQL pool's connections (none on PGlite). */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
  /** LISTEN on a channel (its own connection on PostgreSQL, reconnecting); returns a function that stops. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
};

/**
 * server/drizzle, from the sources (server/src/db/client.ts) or from the
 * bundle (server/dist/main.js): the first of the two with a journal.
 */
function findMigrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json'))) ?? (candidates[0] as string);
}
export const migrationsFolder = findMigrationsFolder();

/** pg_advisory_lock key held while migrating: the bytes of "acmigrat" as a 64-bit number. */
export const MIGRATION_LOCK_KEY = '7017572943847907700';

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

/** A dedicated node-postgres connection LISTENing on `channel`, reconnected when it drops. */
async function listenPg(url: string, ssl: DatabaseSsl | undefined, channel: string, listener: ChannelListener) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, ssl: sslOption(ssl), connectionTimeoutMillis: 10_000 });
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

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      statementTimeoutMs?: number;
      /** How long a query waits for a free pooled connection before it fails (10 s unless given). */
      connectionWaitMs?: number;
      ssl?: DatabaseSsl;
      /** Told of a pooled connection that failed (it is dropped either way). */
      onConnectionError?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

/** The database main.ts, the admin CLI and `npm run migrate` open for a configuration. */
export function databaseOptions(config: Config): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.database.poolSize,
        statementTimeoutMs: config.database.statementTimeoutMs,
        ssl: config.database.ssl,
      }
    : { kind: 'pglite', dataDir: config.dataDir };
}

function sslOption(ssl: DatabaseSsl | undefined): pg.PoolConfig['ssl'] {
  if (ssl === 'require') return { rejectUnauthorized: false };
  if (ssl === 'verify') return { rejectUnauthorized: true };
  return false;
}

/** Hashes of the journal's migrations, as the migrator records them. */
let expectedHashes: string[] | undefined;
function journalHashes(): string[] {
  expectedHashes ??= readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  return expectedHashes;
}

async function runChecks(db: Db): Promise<HealthChecks> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { database: false, migrations: false };
  }
  try {
    const applied = await db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    const done = new Set((applied as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash));
    return { database: true, migrations: journalHashes().every((h) => done.has(h)) };
  } catch {
    return { database: true, migrations: false };
  }
}

/**
 * Migrates on one connection holding the advisory lock: a second instance
 * waits for the first, then finds nothing left to apply. The connection
 * runs without the statement timeout and is closed afterwards.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release(true);
  }
}

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

/**
 * The extensions the migrations create (pg_trgm: the console's user search,
 * docs/operations.md#finding-a-member), loaded into every PGlite; PostgreSQL
 * has them as contrib packages (pg_trgm is a trusted extension: the
 * database owner may create it).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite on a data directory. A new cluster (initdb) takes seconds in
 * WebAssembly, so the first one is saved as a tarball in the temp directory
 * (one per PGlite version) and later empty directories start from a copy.
 */
async function openPglite(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) return PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  const require = createRequire(import.meta.url);
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const template = join(tmpdir(), `ac-pglite-${version}-empty.tar.gz`);
  if (existsSync(template)) {
    try {
      return await PGlite.create({
        dataDir,
        loadDataDir: new Blob([readFileSync(template)]),
        extensions: PGLITE_EXTENSIONS,
      });
    } catch {
      // an unreadable template: start over with a fresh cluster (and a fresh template)
      rmSync(template, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
  }
  const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  const partial = `${template}.${process.pid}`;
  try {
    writeFileSync(partial, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    renameSync(partial, template);
  } catch {
    // no template (e.g. a read-only temp directory): the next empty directory runs initdb again
    rmSync(partial, { force: true });
  }
  return client;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      ssl: sslOption(options.ssl),
      connectionTimeoutMillis: options.connectionWaitMs ?? 10_000,
    });
    // A connection the server closed (PostgreSQL restarted, a proxy cut it) emits 'error': the pool
    // listens while the connection is idle, nobody while it is checked out between two queries of a
    // transaction. Without these listeners the event would end the process; with them the query
    // waiting on it fails, the pool drops it and opens a new one for the next query
    // (docs/decisions/0031-faults.md).
    pool.on('error', (err) => options.onConnectionError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateLocked(pool),
      check: () => runChecks(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => endPool(pool),
      listen: (channel, listener) => listenPg(options.url, options.ssl, channel, listener),
    };
  }
  let client = options.client;
  if (!client)
    client = options.dataDir
      ? await openPglite(options.dataDir)
      : await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const owned = client;
  const db = drizzlePglite({ client: owned, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    check: () => runChecks(db),
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
