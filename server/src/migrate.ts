/**
 * `npm run migrate`: applies the migrations to the configured database
 * (DATABASE_URL, or PGlite under DATA_DIR) and exits — on PostgreSQL under
 * the same advisory lock as the server's start, so it may run while
 * instances start.
 */
import { loadConfigOrExit } from './config/config.ts';
import { databaseOptions, openDatabase } from './db/client.ts';

async function migrateOnly() {
  const config = loadConfigOrExit();
  const database = await openDatabase(databaseOptions(config));
  try {
    await database.migrate();
    const checks = await database.check();
    if (!checks.migrations) throw new Error('migrations ran but the journal is not fully applied');
    console.log(`Migrations applied (${database.kind}).`);
  } finally {
    await database.close();
  }
}

migrateOnly().catch((e) => {
  console.error(e);
  process.exit(1);
});
