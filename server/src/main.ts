/** Reads config, opens and migrates the database, seeds, listens, shuts down gracefully. */
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importAvatarDirectory } from './adapters/avatar-store.ts';
import { buildApp } from './app/build-app.ts';
import { loadConfigOrExit } from './config/config.ts';
import { demoModeLine } from './config/production.ts';
import { databaseOptions, openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './lib/db-errors.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts';
import { seedDemoIfEmpty, seedEssentials } from './seed/seed.ts';

async function main() {
  const config = loadConfigOrExit();
  if (!config.production) {
    // the first line: this is the demo, not a deployment (pino's shape, like the lines after it)
    const line = { level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg: demoModeLine(config) };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  config.webDist = existsSync(webDist) ? webDist : undefined;
  const consoleWebDist = fileURLToPath(new URL('../../web/dist-console', import.meta.url));
  config.consoleWebDist = existsSync(consoleWebDist) ? consoleWebDist : undefined;

  let log: { warn(obj: object, msg: string): void } | undefined;
  const options = databaseOptions(config);
  if (options.kind === 'postgres') {
    options.onConnectionError = (err) => log?.warn({ reason: err.message }, 'database connection lost');
  }
  // pg-boss 10 does not await its job completion and failure writes: during a database outage
  // they reject with nobody listening. Those are logged (the job runs again once pg-boss expires
  // it); any other unhandled rejection still ends the process (docs/decisions/0031-faults.md).
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log?.warn({ reason: (reason as Error).message }, 'database unavailable in the background');
  });
  const database = await openDatabase(options);
  await database.migrate();
  await seedEssentials(database.db, config);
  const seeded = await seedDemoIfEmpty(database.db, config);
  const importedAvatars = await importAvatarDirectory(database.db, join(config.dataDir, 'avatars'));

  const app = await buildApp(config, { database });
  log = app.log;
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
