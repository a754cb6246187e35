/**
 * Migrates once per project run, so every test file starts from a migrated
 * database in well under a second instead of migrating anew: on PGlite a
 * saved snapshot of a migrated data directory; on PostgreSQL (the server-pg
 * project, TEST_DB=pg) a migrated template database that each test file's
 * database is created from (`create database … template …`), dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

async function pgliteSnapshot(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ac-snapshot-'));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  const file = join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function pgTemplate(project: TestProject) {
  const name = `ac_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    // no connection may stay open on a template while databases are created from it
    await database.close();
  }
  project.provide('pgTemplate', name);
  project.provide('pgliteSnapshot', '');
  return () => adminQuery(`drop database if exists ${name} with (force)`);
}

export default function setup(project: TestProject) {
  return project.config.env?.TEST_DB === 'pg' ? pgTemplate(project) : pgliteSnapshot(project);
}
