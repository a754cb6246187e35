/**
 * End-to-end specs against the real product: the built web app served by
 * the server, one server per region (and a second overseas node) each on a
 * fresh PostgreSQL database with the demo data, plus the demo as `npm start`
 * runs it (PGlite) for one smoke journey, delivering mail to a real SMTP
 * sink, driven in Debian's Chromium (never a downloaded browser).
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { SERVERS_READY_PORT } from './support/ports.ts';
import { liteServer, servers } from './support/servers.ts';

// Debian's headless shell (package chromium-headless-shell, the browser Playwright itself runs
// headless) when it is there: the same engine without the full browser's shell, about a quarter
// less CPU over the journeys on this 2-core machine (docs/reliability.md#the-test-suite).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const desktop = { viewport: { width: 1440, height: 900 } };
/** The smoke spec of the PGlite demo server: the lite-us project runs it alone, the others never. */
const SMOKE = 'smoke/pglite-demo.spec.ts';

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
  testIgnore: SMOKE,
  outputDir: '.tmp/results',
  fullyParallel: false,
  workers: 2,
  // no silent retries: a test that fails once fails the run (docs/decisions/0033-e2e-each-test-its-own-client.md)
  retries: 0,
  // Limits for a machine busier than this one, never waited out by a passing test: the suite must
  // also pass with --workers=4 on 2 cores (load ~25), where a list page took 10-15 s to fill and a
  // long journey over a minute (docs/reliability.md#the-test-suite).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // the JSON report gives the stage table its counts of skipped and flaky tests
  reporter: [['list'], ['json', { outputFile: '.tmp/report.json' }]],
  globalSetup: './support/global-setup.ts',
  // the servers' logs searched for every secret of the run (fails it when one is found)
  globalTeardown: './support/global-teardown.ts',
  // A failed test keeps its trace (actions, network, console, sources) and a screenshot of the end;
  // the trace's screencast and DOM snapshots are off: they were taken all through every test, passed
  // or not, to be thrown away, about a tenth of the browser's work (docs/reliability.md#the-test-suite).
  // The journeys run as a visitor who asked for less motion: antd and antd-mobile then skip their
  // animations, which Chromium otherwise renders frame by frame and each click waits out; the
  // PGlite smoke journey keeps them (docs/decisions/0035-e2e-reduced-motion.md).
  use: {
    reducedMotion: 'reduce',
    launchOptions: chromium,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  // Tags: @h5 runs at phone width only, @responsive at desktop and phone width,
  // untagged at desktop width; @us-only / @cn-only keep a spec to one region;
  // @crosswise (with @responsive) runs twice, not four times: at desktop width in China and at
  // phone width overseas — both regions and both widths, for the long journeys whose region and
  // width change a branch or two, not the path (e2e/README.md).
  projects: [
    { name: 'desktop-us', use: { ...desktop, baseURL: `${servers.us.url}/` }, grepInvert: /@h5|@cn-only|@crosswise/ },
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
      grepInvert: /@us-only|@crosswise/,
    },
    // the demo as `npm start` runs it (PGlite, demo data): one smoke journey, which no other project runs
    {
      name: 'lite-us',
      use: { ...desktop, baseURL: `${liteServer.url}/`, reducedMotion: 'no-preference' },
      testMatch: SMOKE,
      testIgnore: [],
    },
  ],
  webServer: {
    // the fakes and the product servers of support/servers.ts, started side by side by one process,
    // which drops the journey databases when Playwright stops it (SIGTERM) at the end of the run
    command: 'exec node --import tsx e2e/support/start-servers.ts',
    url: `http://127.0.0.1:${SERVERS_READY_PORT}/`,
    cwd: '..',
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
