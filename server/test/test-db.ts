/**
 * A fresh database per test file: PGlite from the migrated snapshot, or,
 * when the project runs with TEST_DB=pg, a new database on the PostgreSQL
 * server of TEST_DATABASE_URL, created from the migrated template
 * (test/global-setup.ts) and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

export const onPostgres = process.env.TEST_DB === 'pg';

/**
 * The waits of a test database are limits for a machine far busier than this one, never waited out
 * by a passing test: a race test queues hundreds of transactions on one row lock through a pool of
 * 20, so the last ones wait for a connection as long as the machine takes to run all the others
 * (production's 10 s and 15 s would make such a test depend on the machine's speed;
 * docs/reliability.md#the-test-suite). A test of the timeouts themselves opens its own database.
 */
const TEST_WAITS = { connectionWaitMs: 120_000, statementTimeoutMs: 120_000 };

export async function openTestDatabase(): Promise<Database> {
  if (onPostgres) {
    const name = `ac_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 20, ...TEST_WAITS });
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]), extensions: PGLITE_EXTENSIONS });
  return openDatabase({ kind: 'pglite', client });
}
