/**
 * Lighthouse scores (performance, accessibility, best practices) of the
 * built web app (npm run build first), served by the real server on an
 * empty data directory, in headless Debian Chromium: the login page and
 * /products with the desktop settings, /h5/profile and the login page with
 * the mobile ones (throttled). The logged-in pages get the demo user's
 * session cookies first. LIGHTHOUSE_RUNS=n runs each page n times and
 * prints the median. Scores on a shared 2-core machine vary by several
 * points from run to run.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, defaultConfig, desktopConfig, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, demoSession } from './browser.ts';
import { startServer } from './start-server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

const server = await startServer(8414);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM.executablePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...CHROMIUM.args.slice(2)],
});
try {
  // the session cookies go into the Chromium Lighthouse drives (it keeps cookies between runs)
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const { cookies } = await demoSession(browser, server.url);
  await browser.contexts()[0]?.addCookies(cookies);
  await browser.close();

  const pages: [string, string, Config][] = [
    ['login (desktop)', `${server.url}/login?lang=en`, desktopConfig],
    ['/products (desktop)', `${server.url}/products`, desktopConfig],
    ['/h5/profile (mobile)', `${server.url}/h5/profile`, defaultConfig],
    ['login (mobile)', `${server.url}/login?lang=en`, defaultConfig],
  ];
  const flags: Flags = { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const median = (values: number[]) =>
    values.length ? String(values.sort((a, b) => a - b)[Math.floor(values.length / 2)]) : 'failed';
  console.log(`lighthouse: ${'page'.padEnd(22)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
  for (const [name, url, config] of pages) {
    const scores: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, flags, config);
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      if (!result.lhr.finalDisplayedUrl.startsWith(url.split('?')[0] ?? url)) {
        throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}`);
      }
      // a run Lighthouse could not finish (e.g. NO_FCP on an overloaded machine) gives no scores
      if (result.lhr.runtimeError) {
        console.error(`lighthouse: ${name} run ${i + 1}: ${result.lhr.runtimeError.code}`);
        continue;
      }
      for (const category of CATEGORIES) {
        const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
        scores[category] = [...(scores[category] ?? []), score];
      }
    }
    console.log(
      `lighthouse: ${name.padEnd(22)} ${CATEGORIES.map((c) => median(scores[c] ?? []).padStart(15)).join('')}`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}
