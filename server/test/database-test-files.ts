/**
 * Which server test files touch the database, for the PostgreSQL project
 * (server-pg) to run: the others (config parsing, crypto, adapters against
 * their fakes, pure state rules) test the same code on PGlite and PostgreSQL,
 * so running them twice proves nothing more.
 *
 * A file touches the database when it, or a test helper it imports (a
 * relative import outside src/ that is not itself code under test — server/test/*
 * and src/**\/*.test-support.ts, followed transitively), imports test/test-db.ts
 * or test/test-app.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const DATABASE_HELPERS = /(^|\/)test\/(test-db|test-app)\.ts$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function isHelper(file: string, serverRoot: string): boolean {
  const rel = relative(serverRoot, file);
  return (
    rel.startsWith('test/') || rel.endsWith('.test-support.ts') || rel.endsWith('.fake.ts') || /fakes?\.ts$/.test(rel)
  );
}

function touches(file: string, serverRoot: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  if (!existsSync(file)) return false;
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolve(dirname(file), spec!);
    if (DATABASE_HELPERS.test(relative(serverRoot, target))) return true;
    if (isHelper(target, serverRoot) && touches(target, serverRoot, seen)) return true;
  }
  return false;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The test files under `<serverRoot>/src` that touch the database, relative to serverRoot. */
export function databaseTestFiles(serverRoot: string): string[] {
  return testFiles(join(serverRoot, 'src'))
    .filter((f) => touches(f, serverRoot, new Set()))
    .map((f) => relative(serverRoot, f))
    .sort();
}

/**
 * The database files that also run on PGlite when PostgreSQL is there: the demo database starts,
 * migrates, sells, logs in and survives kill -9 (relative to the server folder).
 */
export const PGLITE_SMOKE_FILES = [
  'src/main.test.ts',
  'src/db/client.test.ts',
  'src/observability/observability.test.ts',
  'src/modules/orders/orders.test.ts',
  'src/modules/session/session.test.ts',
  'src/modules/jobs/kill-and-deliver.test.ts',
];
