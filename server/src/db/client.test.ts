/**
 * The client factory: the migrations folder from the sources, the options
 * from the configuration, and on PostgreSQL the advisory lock that lets
 * instances starting together migrate once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { itOnPostgres } from '../../test/database-only.ts';
import { loadConfig } from '../config/config.ts';
import { databaseOptions, migrationsFolder, openDatabase } from './client.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function adminQuery<T extends pg.QueryResultRow>(text: string, url = process.env.TEST_DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server (dropped at the end). */
async function emptyDatabase(): Promise<string> {
  const name = `ac_lock_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(async () => void (await adminQuery(`drop database if exists ${name} with (force)`)));
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('database client', () => {
  it('finds server/drizzle and its journal', () => {
    expect(existsSync(join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
    expect(migrationsFolder.endsWith(join('server', 'drizzle'))).toBe(true);
  });

  it('takes the pool settings from the configuration', () => {
    expect(databaseOptions(loadConfig({ DATA_DIR: '/tmp/x' }))).toEqual({ kind: 'pglite', dataDir: '/tmp/x' });
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/accounts',
      DATABASE_POOL_SIZE: '4',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
      DATABASE_SSL: 'require',
    });
    expect(databaseOptions(config)).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/accounts',
      poolSize: 4,
      statementTimeoutMs: 2500,
      ssl: 'require',
    });
  });

  itOnPostgres(
    'migrates once when two instances start together on an empty PostgreSQL database',
    async () => {
      const url = await emptyDatabase();
      const a = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      const b = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      cleanups.push(
        () => a.close(),
        () => b.close(),
      );
      await Promise.all([a.migrate(), b.migrate()]);
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await adminQuery<{ hash: string; n: string }>(
        'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash',
        url,
      );
      expect(applied).toHaveLength(journal.entries.length);
      expect(applied.every((r) => Number(r.n) === 1)).toBe(true);
      expect(await a.check()).toEqual({ database: true, migrations: true });
      expect(await b.check()).toEqual({ database: true, migrations: true });
      // the lock is released, the migration connection closed: a third start has nothing to do
      await a.migrate();
      expect(a.poolStats?.().waiting).toBe(0);
      const locks = await adminQuery("select 1 from pg_locks where locktype = 'advisory'", url);
      expect(locks).toHaveLength(0);
    },
    120_000,
  );

  itOnPostgres('applies the statement timeout to the pool', async () => {
    const url = await emptyDatabase();
    const database = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 1234 });
    cleanups.push(() => database.close());
    const { rows } = (await database.db.execute('show statement_timeout')) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(rows[0]?.statement_timeout).toBe('1234ms');
  });
});
