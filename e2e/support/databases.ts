/**
 * The journey servers' PostgreSQL databases (support/servers.ts): made fresh
 * before the servers start (a database left by a run that was killed is
 * dropped first) and dropped when the run ends, with `psql` on the
 * maintenance database of PG_SERVER.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PG_SERVER } from './servers.ts';

async function psql(statements: string[]): Promise<void> {
  const args = ['-q', '-v', 'ON_ERROR_STOP=1', `${PG_SERVER}/postgres`, ...statements.flatMap((s) => ['-c', s])];
  await promisify(execFile)('psql', args);
}

/** Drops (ending their connections) and creates each database: empty, for a server to migrate and seed. */
export async function freshDatabases(names: string[]): Promise<void> {
  await psql(names.flatMap((n) => [`drop database if exists ${n} with (force)`, `create database ${n}`]));
}

/** Drops each database, ending any connection still open. */
export async function dropDatabases(names: string[]): Promise<void> {
  await psql(names.map((n) => `drop database if exists ${n} with (force)`));
}
