/**
 * A fresh database per test file: PGlite from the migrated snapshot, or,
 * when the project runs with TEST_DB=pg, a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (migrated, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

export const onPostgres = process.env.TEST_DB === 'pg';

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(): Promise<Database> {
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const name = `ac_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 20 });
    await database.migrate();
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite', client });
}
