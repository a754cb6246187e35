/**
 * What admin commands run against: the configuration and the commerce
 * services, on the database main.ts would open (DATA_DIR / DATABASE_URL),
 * migrated and seeded with the essentials exactly as at start.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import type { PaymentLog } from '../adapters/payments/types.ts';
import { type Commerce, createCommerce } from '../commerce.ts';
import { type Config, loadConfig } from '../config.ts';
import { databaseOptions, migrationsFolder, openDatabase } from '../db/client.ts';
import { seedEssentials } from '../seed/seed.ts';

/**
 * The server package directory (the parent of server/drizzle, from the sources
 * or the bundle): `npm start` runs main.ts there, so a relative DATA_DIR means the same here.
 */
const SERVER_DIR = dirname(migrationsFolder);

export type AdminContext = { config: Config; commerce: Commerce; now: () => Date };
export type AdminArgs = { positionals: string[]; values: Record<string, string | boolean | undefined> };
export type AdminCommand = (ctx: AdminContext, args: AdminArgs) => Promise<string>;

/** Warnings and errors of the services go to stderr, so stdout holds only the command's answer. */
export const stderrLog: PaymentLog = {
  debug: () => {},
  warn: (obj, msg) => console.error(`warn: ${msg ?? ''} ${JSON.stringify(obj)}`),
  error: (obj, msg) => console.error(`error: ${msg ?? ''} ${JSON.stringify(obj)}`),
};

export async function openAdmin(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  if (!isAbsolute(config.dataDir)) config.dataDir = resolve(SERVER_DIR, config.dataDir);
  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  await seedEssentials(database.db, config);
  const commerce = createCommerce(config, database.db, stderrLog);
  const ctx: AdminContext = { config, commerce, now: () => new Date() };
  return {
    ctx,
    async close() {
      await commerce.close();
      await database.close();
    },
  };
}
