/**
 * End-to-end specs against the real product: the built web app served by
 * the server, one server per region (and a second overseas node) on a fresh
 * embedded database with the demo data, delivering mail to a real SMTP sink,
 * driven in Debian's Chromium (never a downloaded browser).
 */
import { defineConfig, devices } from '@playwright/test';
import { OAUTH_FAKE } from './support/oauth-fake-config.ts';
import { PAYPAL } from './support/paypal-config.ts';
import { SERVERS_READY_PORT } from './support/ports.ts';
import { logged, OIDC, servers } from './support/servers.ts';
import { SMS_FAKE } from './support/sms-fake-config.ts';
import { SMTP_SINK } from './support/smtp-sink-config.ts';
import { STRIPE } from './support/stripe-config.ts';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = { viewport: { width: 1440, height: 900 } };

/** The journeys the pg-us / pg-cn projects run on PostgreSQL: their files, and the tests in them by title. */
const PG_JOURNEYS = {
  files: [
    'session/log-in.spec.ts',
    'commerce/buy-membership.spec.ts',
    'commerce/cancel-order.spec.ts',
    'profile/change-password.spec.ts',
  ],
  titles:
    /logs in with a password|logs in with a code|buys a membership through the sandbox|cancels an unpaid order|changes the password with the current one/,
};
const phone = {
  viewport: { width: 390, height: 844 },
  userAgent: devices['iPhone 13'].userAgent,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/results',
  fullyParallel: false,
  workers: 2,
  // no silent retries: a test that fails once fails the run (docs/decisions/0033-e2e-each-test-its-own-client.md)
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // the JSON report gives the stage table its counts of skipped and flaky tests
  reporter: [['list'], ['json', { outputFile: '.tmp/report.json' }]],
  globalSetup: './support/global-setup.ts',
  // the servers' logs searched for every secret of the run (fails it when one is found)
  globalTeardown: './support/global-teardown.ts',
  use: { launchOptions: chromium, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // Tags: @h5 runs at phone width only, @responsive at desktop and phone width,
  // untagged at desktop width; @us-only / @cn-only keep a spec to one region.
  projects: [
    { name: 'desktop-us', use: { ...desktop, baseURL: `${servers.us.url}/` }, grepInvert: /@h5|@cn-only/ },
    { name: 'desktop-cn', use: { ...desktop, baseURL: `${servers.cn.url}/` }, grepInvert: /@h5|@us-only/ },
    {
      name: 'h5-us',
      use: { ...phone, baseURL: `${servers.us.url}/` },
      grep: /@h5|@responsive/,
      grepInvert: /@cn-only/,
    },
    {
      name: 'h5-cn',
      use: { ...phone, baseURL: `${servers.cn.url}/` },
      grep: /@h5|@responsive/,
      grepInvert: /@us-only/,
    },
    // The session, commerce and profile journeys again on PostgreSQL (the us-pg / cn-pg servers),
    // where transactions really run side by side: one journey of each, at desktop width, so the
    // run grows by about ten tests instead of doubling (docs/decisions/0032-e2e-on-postgresql.md).
    ...(['us', 'cn'] as const).map((region) => ({
      name: `pg-${region}`,
      use: { ...desktop, baseURL: `${servers[region === 'us' ? 'usPg' : 'cnPg'].url}/` },
      testMatch: PG_JOURNEYS.files,
      grep: PG_JOURNEYS.titles,
      grepInvert: region === 'us' ? /@h5|@cn-only/ : /@h5|@us-only/,
    })),
  ],
  webServer: [
    {
      command: logged('smtp-sink', 'npx tsx e2e/support/smtp-sink.ts'),
      url: SMTP_SINK.messagesUrl,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: logged('oidc', 'npx tsx e2e/support/oidc-server.ts'),
      url: `${OIDC.issuer}/.well-known/openid-configuration`,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: logged('oauth-fake', 'npx tsx e2e/support/oauth-fake.ts'),
      url: OAUTH_FAKE.issuedUrl,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: logged('sms-fake', 'npx tsx e2e/support/sms-fake.ts'),
      url: SMS_FAKE.messagesUrl,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // answers 401 to a request without the secret key: up
      command: logged('fake-stripe', 'npx tsx e2e/support/fake-stripe-server.ts'),
      url: `${STRIPE.apiBase}/v1/checkout/sessions`,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // answers 401 to a request without a bearer token: up
      command: logged('fake-paypal', 'npx tsx e2e/support/fake-paypal-server.ts'),
      url: `${PAYPAL.apiBase}/v2/checkout/orders/UP`,
      cwd: '..',
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // the product servers of support/servers.ts, started side by side instead of one after another
      command: 'npx tsx e2e/support/start-servers.ts',
      url: `http://127.0.0.1:${SERVERS_READY_PORT}/`,
      cwd: '..',
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
