/** Headless Debian Chromium for the page benchmarks, and the demo user's session from a real login. */
import type { Browser, BrowserContextOptions } from 'playwright-core';

export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};
/** Generous: the 2-core machine is often busy with other work. */
export const BENCH_TIMEOUT_MS = 120_000;
export const DEMO = { email: 'demo@example.com', password: 'Demo-2026-pass' };

export const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Logs in through the login page and returns the session cookies as storage state. */
export async function demoSession(browser: Browser, url: string) {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  page.setDefaultTimeout(BENCH_TIMEOUT_MS);
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${url}/login?lang=en`);
  await page.getByLabel('Account').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/products$/);
  const state = await context.storageState();
  await context.close();
  return state;
}
