/**
 * Creates one migrated PGlite database and saves it as a snapshot, so every
 * test file starts from it in under a second instead of migrating anew.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ac-snapshot-'));
  const client = await PGlite.create();
  const database = await openDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('gzip');
  const file = join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
