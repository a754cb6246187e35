/**
 * What the browser downloads for the first view of three routes (npm run
 * build first): the built server on an empty data directory, headless
 * Chromium with an empty cache per route, the login page and /products at
 * 1440×900, /h5/profile at 390×844 (both logged in as the demo user).
 * Prints per route the JS + CSS requests and their transferred (encoded)
 * body bytes, and all requests of the page.
 */
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { BENCH_TIMEOUT_MS, CHROMIUM, DEMO, demoSession, desktop, phone } from './browser.ts';
import { startServer } from './start-server.ts';

type Row = { route: string; jsCss: number; jsCssBytes: number; all: number; allBytes: number };
/** WEB_SIZE_FILES=1 lists every JS / CSS file of each route with its transferred bytes. */
const listFiles = process.env.WEB_SIZE_FILES === '1';

async function measure(
  browser: Browser,
  route: string,
  url: string,
  options: BrowserContextOptions,
  ready: (page: Page) => Promise<void>,
): Promise<Row> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(BENCH_TIMEOUT_MS);
  const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((s) => ({ url: request.url(), type: request.resourceType(), bytes: s.responseBodySize })),
    );
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(sizes);
  await context.close();
  const jsCss = done.filter((r) => r.type === 'script' || r.type === 'stylesheet');
  if (listFiles) {
    for (const r of jsCss.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`web-size:   ${route.padEnd(20)} ${String(r.bytes).padStart(8)} ${r.url.split('/').pop()}`);
    }
  }
  const sum = (rows: { bytes: number }[]) => rows.reduce((total, r) => total + r.bytes, 0);
  return { route, jsCss: jsCss.length, jsCssBytes: sum(jsCss), all: done.length, allBytes: sum(done) };
}

const server = await startServer(8412);
const browser = await chromium.launch({ ...CHROMIUM, headless: true });
try {
  const storageState = await demoSession(browser, server.url);
  const rows = [
    await measure(browser, 'login (desktop)', `${server.url}/login?lang=en`, desktop, async (page) => {
      await page.getByLabel('Account').waitFor();
    }),
    await measure(browser, '/products (desktop)', `${server.url}/products`, { ...desktop, storageState }, (page) =>
      page.getByTestId('products-table').locator('tbody tr[data-row-key]').first().waitFor(),
    ),
    await measure(browser, '/h5/profile (phone)', `${server.url}/h5/profile`, { ...phone, storageState }, (page) =>
      page.getByTestId('h5-profile-list').getByText(DEMO.email).waitFor(),
    ),
  ];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `web-size: ${'route'.padEnd(20)} ${'JS+CSS req'.padStart(10)} ${'JS+CSS'.padStart(11)} ${'all req'.padStart(8)} ${'all'.padStart(11)}`,
  );
  for (const r of rows) {
    console.log(
      `web-size: ${r.route.padEnd(20)} ${String(r.jsCss).padStart(10)} ${kb(r.jsCssBytes).padStart(11)} ${String(r.all).padStart(8)} ${kb(r.allBytes).padStart(11)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
