/** Builds the real app on a fresh test database, optionally with the demo data. */
import type { TRegion } from '@ac/protocol/enums';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app/build-app.ts';
import { createServices, type ServiceAdapters, type Services } from '../src/app/services.ts';
import { loadConfig } from '../src/config/config.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { seedEssentials } from '../src/seed/seed.ts';
import { envelopeClient } from './envelope-client.ts';
import { filledBeforeAll } from './filled-before-all.ts';
import { openTestDatabase } from './test-db.ts';

export type TestAppOptions = {
  region?: TRegion;
  demo?: boolean;
  env?: Record<string, string>;
  /** A built web app directory to serve. */
  webDist?: string;
  /** Replace the captcha drawer, avatar store, OAuth providers or delivery adapters. */
  adapters?: ServiceAdapters;
  /** Log at LOG_LEVEL (default debug) into this stream instead of logging nothing. */
  logStream?: NodeJS.WritableStream;
};

export async function createTestApp(options: TestAppOptions = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    REGION: options.region ?? 'us',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: options.logStream ? 'debug' : 'silent',
    // the scheduled jobs (expiry, purges) would change data under a test at a cron tick
    JOBS_SCHEDULE: 'false',
    ...options.env,
  });
  config.webDist = options.webDist;
  const database = await openTestDatabase();
  await seedEssentials(database.db, config);
  if (options.demo) await seedDemo(database.db, config.region);
  const app = await buildApp(config, {
    database,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    adapters: options.adapters,
  });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    client: envelopeClient(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The services of each test app, for what tests set up without a call (built once, closed with the app by closeWithServices). */
const servicesOf = new WeakMap<TestApp, Services>();
export function testServices(t: TestApp): Services {
  const known = servicesOf.get(t);
  if (known) return known;
  const services = createServices({ config: t.config, db: t.db, log: t.app.log });
  servicesOf.set(t, services);
  return services;
}

/** Closes the services the tests built on a test app (testServices), then the app. */
export async function closeWithServices(t: TestApp) {
  await servicesOf.get(t)?.close();
  await t.close();
}

/** For the tests of the file (or describe block): a test app made before them and closed after them with its services. */
export function testAppForTests(options: TestAppOptions = {}): TestApp {
  const t = filledBeforeAll(() => createTestApp(options));
  afterAll(() => closeWithServices(t));
  return t;
}
