/**
 * Tests of one database only (the pool of PostgreSQL, the data directory of
 * PGlite). On the other database they skip with a note, which the stage table
 * of `npm test` prints by name (docs/reliability.md#the-test-suite).
 */
import { it } from 'vitest';
import { onPostgres } from './test-db.ts';

type Body = () => Promise<void> | void;

function itOnlyWhere(wantsPostgres: boolean, note: string) {
  return (name: string, body: Body, timeout?: number) =>
    it(
      name,
      async ({ skip }) => {
        if (onPostgres !== wantsPostgres) skip(note);
        await body();
      },
      timeout,
    );
}

export const itOnPostgres = itOnlyWhere(true, 'PostgreSQL only: runs in the server-pg project');
export const itOnPglite = itOnlyWhere(false, 'PGlite only: runs in the server project');
