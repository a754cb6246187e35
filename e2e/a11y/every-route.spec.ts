/**
 * axe on every route of the route catalogue (web/src/config/paths.ts), in
 * the project's region and at its width (desktop and phone shells): first
 * logged out, then — for the routes that sent the visitor to the login page —
 * logged in as a fresh user (in China with a trade client type, so the
 * trade-only routes render too). A route the region does not have renders
 * the not-found page: the routes that do must be exactly those of `ABSENT`,
 * so a route that stops rendering fails the sweep instead of passing as
 * "absent" (and one that starts to render must be taken off the list).
 * Zero serious or critical WCAG 2.1 A/AA violations, and no
 * Content-Security-Policy violation on any page
 * (docs/protocol.md#security-rules). The catalogue is walked in two
 * interleaved parts (two tests, so both workers share a project), each in
 * one page; a new route in the catalogue is swept without a change here
 * (unless the region lacks it: then it joins `ABSENT`).
 */
import type { Page } from '@playwright/test';
import { type PathName, paths } from '../../web/src/config/paths.ts';
import { logInAs } from '../support/account.ts';
import { blockingViolations } from '../support/axe.ts';
import { collectCspViolations, cspViolations } from '../support/csp.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

/** The China client type with the trade pages (docs/decisions/0009-trade-account.md). */
const TRADE_CLIENT_TYPE = 'gs_trade_pc';

type Route = { name: PathName; href: string };

/** The catalogue's routes each region does not have: they render the not-found page there, at both widths. */
const ABSENT: Record<'us' | 'cn', PathName[]> = {
  // China's trade pages, invoices, vip_confirm, registration and password pages (desktop and /h5)
  us: [
    'detailsInfo',
    'education',
    'job',
    'identityAuth',
    'cash',
    'invoiceManage',
    'invoice',
    'invoiceOrder',
    'invoiceCreate',
    'invoiceTitle',
    'invoiceAddTitle',
    'invoiceRecord',
    'invoiceDetail',
    'invoiceBook',
    'invoiceNotice',
    'invoiceReCreate',
    'vipConfirm',
    'register',
    'registerMailVerify',
    'thirdGetCode',
    'passwordFind',
    'passwordMailVerify',
    'passwordReset',
    'h5FindPwd',
    'h5Register',
    'h5RegisterProtocol',
    'h5PasswordMailVerify',
    'h5Reset',
  ],
  // the overseas site pages
  cn: [
    'siteRegister',
    'sitePasswordFind',
    'siteRegisterMailVerify',
    'sitePasswordReset',
    'siteJumpNode',
    'siteActivateSuccess',
  ],
};

/**
 * Whether `route` is one the region lacks, after waiting for the page to show what ABSENT says:
 * the not-found page for those, anything else for the others. The wait matters after an app
 * navigation, where the page before (a not-found page, or a page) stays until the route's own
 * chunk has loaded; a route that stops rendering, or starts to, fails here.
 */
async function isAbsent(page: Page, route: Route, region: 'us' | 'cn'): Promise<boolean> {
  if (route.name === 'notFound') return false;
  const absent = ABSENT[region].includes(route.name);
  await expect(
    page.locator('.ant-result-404'),
    `${route.href} ${absent ? 'renders, but is in ABSENT' : 'renders the not-found page'} (${region})`,
  ).toHaveCount(absent ? 1 : 0);
  return absent;
}

/** Every route of the catalogue as a visitable href: parameters get a sample value (an unknown id shows its error state). */
function catalogue(region: 'us' | 'cn'): Route[] {
  const samples: Record<string, string> = {
    type: region === 'us' ? 'google' : 'wx',
    token: 'a11y-sweep',
    id: 'a11y-sweep',
  };
  return (Object.entries(paths) as [PathName, (typeof paths)[PathName]][]).map(([name, p]) => ({
    name,
    href:
      p.path === '*' ? '/a11y-no-such-page' : p.path.replace(/:(\w+)/g, (_, param: string) => samples[param] ?? 'a11y'),
  }));
}

/** The path inside the app (without the region's base path). */
function appPath(page: Page, baseURL: string): string {
  const base = new URL(baseURL).pathname.replace(/\/$/, '');
  return new URL(page.url()).pathname.slice(base.length) || '/';
}

/**
 * Goes to `href` inside the app: the first time by loading the page, after that as the app's own
 * links do (history.pushState and popstate), so the SPA is not booted anew for every route.
 */
async function visit(page: Page, href: string, inFlight: () => number) {
  if (page.url() === 'about:blank') await page.goto(href.slice(1) || './');
  else {
    await page.evaluate((to) => {
      const base = document.querySelector('base')?.getAttribute('href')?.replace(/\/$/, '') ?? '';
      window.history.pushState(null, '', `${base}${to}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, href);
  }
  // settled: no request in flight (lazy chunks, calls) for 300 ms and no spinner
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (inFlight() > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** Counts the page's requests in flight. */
function trackRequests(page: Page): () => number {
  let n = 0;
  page.on('request', () => n++);
  const done = () => {
    n = Math.max(0, n - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => n;
}

/** With SCREENSHOTS=1: pages the sweep's fixes changed, shot into docs/screenshots (desktop-us and h5-cn). */
const SHOTS: Record<string, string> = {
  '/redeemcode/pro': 'redeem-pro',
  '/h5/profile': 'h5-profile',
  '/order': 'orders-empty',
  '/site/register': 'site-register',
  '/register': 'register',
};
const SHOT_PROJECTS = ['desktop-us', 'h5-cn'];

/** The catalogue in interleaved parts, each a test of its own, so the workers share a project's sweep. */
const PARTS = 2;

for (let part = 0; part < PARTS; part++) {
  test(`every route (part ${part + 1} of ${PARTS}) has no serious or critical WCAG A/AA violation and no CSP violation @responsive`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(480_000);
    const region = regionOf(baseURL);
    await collectCspViolations(page);
    const inFlight = trackRequests(page);
    const started = Date.now();
    const found: Record<string, string[]> = {};
    const absent: PathName[] = [];
    const needLogin: Route[] = [];
    let swept = 0;

    const seen = new Set<string>();
    const sweep = async (route: Route, phase: string) => {
      // a route that redirects to one already swept (/ → /products) is not swept twice
      const key = `${phase} ${appPath(page, baseURL!)}`;
      if (seen.has(key)) return;
      seen.add(key);
      const t0 = Date.now();
      const violations = await blockingViolations(page);
      const csp = await cspViolations(page);
      swept++;
      const shot = SHOTS[appPath(page, baseURL!)];
      if (process.env.SCREENSHOTS === '1' && shot && SHOT_PROJECTS.includes(testInfo.project.name)) {
        await page.screenshot({
          path: `../docs/screenshots/a11y-${shot}-${testInfo.project.name}.png`,
          fullPage: true,
        });
      }
      if (process.env.A11Y_TIMING) console.log(`axe ${route.href} ${Date.now() - t0} ms`);
      if (violations.length || csp.length)
        found[`${phase} ${route.href} (${appPath(page, baseURL!)})`] = [...violations, ...csp];
    };

    const routes = catalogue(region).filter((_, i) => i % PARTS === part);
    for (const route of routes) {
      const tv = Date.now();
      await visit(page, route.href, inFlight);
      if (process.env.A11Y_TIMING) console.log(`visit ${route.href} ${Date.now() - tv} ms`);
      const at = appPath(page, baseURL!);
      if (at.startsWith('/login') && !route.href.startsWith('/login')) {
        needLogin.push(route);
        continue;
      }
      if (await isAbsent(page, route, region)) {
        absent.push(route.name);
        continue;
      }
      await sweep(route, 'logged out');
    }

    const user = await createFreshUser(new URL(baseURL!).origin, region);
    const clientType = region === 'cn' ? `&clientType=${TRADE_CLIENT_TYPE}` : '';
    await page.goto(`login?lang=en${clientType}`);
    await logInAs(page, user.account, user.password);
    for (const route of needLogin) {
      const tv = Date.now();
      await visit(page, route.href, inFlight);
      if (process.env.A11Y_TIMING) console.log(`visit ${route.href} ${Date.now() - tv} ms`);
      expect(appPath(page, baseURL!), `${route.href} still asks for a login`).not.toMatch(/^\/login/);
      if (await isAbsent(page, route, region)) {
        absent.push(route.name);
        continue;
      }
      await sweep(route, 'logged in');
    }

    const summary = `${swept} pages swept in ${Math.round((Date.now() - started) / 1000)} s (${needLogin.length} routes logged in); not in this region: ${absent.join(', ') || 'none'}`;
    testInfo.annotations.push({ type: 'a11y sweep', description: summary });
    console.log(`a11y sweep ${testInfo.project.name} part ${part + 1}/${PARTS}: ${summary}`);
    expect(swept).toBeGreaterThan(10);
    // every route of ABSENT was met: none is left out of the sweep without being checked
    const expectedAbsent = routes.map((r) => r.name).filter((name) => ABSENT[region].includes(name));
    expect(absent.sort()).toEqual(expectedAbsent.sort());
    expect(found).toEqual({});
  });
}
