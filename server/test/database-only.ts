/**
 * Tests of one database only (the pool of PostgreSQL, the data directory of
 * PGlite). On the other database they skip with a note, which the stage table
 * of `npm test` prints by name (docs/reliability.md#the-test-suite).
 */
import { it } from 'vitest';
import { onPostgres } from './test-db.ts';

type Body = () => Promise<void> | void;

export function itOnPostgres(name: string, body: Body, timeout?: number) {
  it(
    name,
    async ({ skip }) => {
      if (!onPostgres) skip('PostgreSQL only: runs in the server-pg project');
      await body();
    },
    timeout,
  );
}

export function itOnPglite(name: string, body: Body, timeout?: number) {
  it(
    name,
    async ({ skip }) => {
      if (onPostgres) skip('PGlite only: runs in the server project');
      await body();
    },
    timeout,
  );
}
