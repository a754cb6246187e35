/** Reads config, opens and migrates the database, seeds, listens, shuts down gracefully. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importAvatarDirectory } from './adapters/avatar-store.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptions, openDatabase } from './db/client.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts';
import { seedDemoIfEmpty, seedEssentials } from './seed/seed.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  config.webDist = existsSync(webDist) ? webDist : undefined;

  const database = await openDatabase(databaseOptions(config));
  await database.migrate();
  await seedEssentials(database.db, config);
  const seeded = await seedDemoIfEmpty(database.db, config);
  const importedAvatars = await importAvatarDirectory(database.db, join(config.dataDir, 'avatars'));

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const url = `${config.publicUrl}${config.basePath}/`;
  app.log.info(`Account center (${config.region}, ${database.kind}) ready at ${url}`);
  if (!config.webDist) app.log.warn('web/dist is missing: run `npm run build` to serve the web app');
  if (importedAvatars) app.log.info(`${importedAvatars} avatars copied from DATA_DIR/avatars into the database`);
  if (seeded) app.log.info(`Demo data seeded: log in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
