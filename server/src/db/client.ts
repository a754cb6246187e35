/**
 * The one database client factory: PGlite (embedded, files under DATA_DIR)
 * by default, PostgreSQL over node-postgres when DATABASE_URL is set. Both
 * get the same schema and the same migrations.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

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

/**
 * PGlite on a data directory. A new cluster (initdb) takes seconds in
 * WebAssembly, so the first one is saved as a tarball in the temp directory
 * (one per PGlite version) and later empty directories start from a copy.
 */
async function openPglite(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) return PGlite.create({ dataDir });
  const require = createRequire(import.meta.url);
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const template = join(tmpdir(), `ac-pglite-${version}-empty.tar.gz`);
  if (existsSync(template)) {
    try {
      return await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
    } catch {
      // an unreadable template: start over with a fresh cluster (and a fresh template)
      rmSync(template, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
  }
  const client = await PGlite.create({ dataDir });
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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => endPool(pool),
    };
  }
  let client = options.client;
  if (!client) client = options.dataDir ? await openPglite(options.dataDir) : await PGlite.create();
  const owned = client;
  const db = drizzlePglite({ client: owned, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => owned.close(),
  };
}
