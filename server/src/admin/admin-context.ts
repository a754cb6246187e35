/**
 * What admin commands run against: the configuration and the services of
 * the app (one composition root), on the database main.ts would open
 * (DATA_DIR / DATABASE_URL), migrated and seeded with the essentials
 * exactly as at start.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createServices, type Services } from '../app/services.ts';
import { type Config, loadConfig } from '../config/config.ts';
import { databaseOptions, migrationsFolder, openDatabase } from '../db/client.ts';
import { seedEssentials } from '../seed/seed.ts';
import { readSecret } from './read-secret.ts';

/**
 * The server package directory (the parent of server/drizzle, from the sources
 * or the bundle): `npm start` runs main.ts there, so a relative DATA_DIR means the same here.
 */
const SERVER_DIR = dirname(migrationsFolder);

export type AdminContext = {
  config: Config;
  services: Services;
  now: () => Date;
  /** Reads a secret (a password) from stdin or the terminal; the command line sets it. */
  readSecret?: (prompt: string) => Promise<string>;
};
export type AdminArgs = { positionals: string[]; values: Record<string, string | boolean | undefined> };
export type AdminCommand = (ctx: AdminContext, args: AdminArgs) => Promise<string>;

/** Warnings and errors of the services go to stderr, so stdout holds only the command's answer. */
const quiet = () => {};
const toStderr =
  (level: string) =>
  (obj: unknown, msg?: string): void =>
    console.error(`${level}: ${msg ?? ''} ${JSON.stringify(obj)}`);
export const stderrLog: FastifyBaseLogger = {
  level: 'warn',
  fatal: toStderr('fatal'),
  error: toStderr('error'),
  warn: toStderr('warn'),
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => stderrLog,
};

export async function openAdmin(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  if (!isAbsolute(config.dataDir)) config.dataDir = resolve(SERVER_DIR, config.dataDir);
  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  await seedEssentials(database.db, config);
  const services = createServices({ config, db: database.db, log: stderrLog });
  const ctx: AdminContext = { config, services, now: () => new Date(), readSecret };
  return {
    ctx,
    async close() {
      await services.close();
      await database.close();
    },
  };
}
