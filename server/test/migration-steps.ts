/**
 * A migration's test (server/src/db/migration-*.test.ts): the journal's index of `tag` and a
 * runner of one migration's statements on a PGlite, so a test can migrate up to the one it tests,
 * write rows as they were, then run it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../src/db/client.ts';

export function migrationSteps(tag: string) {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const migrations = readMigrationFiles({ migrationsFolder });
  return {
    /** The index of `tag` in the journal (-1 when it is not there). */
    at: journal.entries.findIndex((e) => e.tag === tag),
    async run(db: PGlite, index: number) {
      for (const statement of migrations[index]!.sql) if (statement.trim()) await db.exec(statement);
    },
  };
}
