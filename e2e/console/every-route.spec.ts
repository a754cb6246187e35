/**
 * Every route of the operator console (web/src/console/console-app.tsx) as an admin, in China
 * (the region with every route: the invoice queue too): axe at desktop width (no serious or
 * critical WCAG 2.1 A/AA violation), then at 1024×768 and at 390×844 the page does not scroll
 * sideways — a wide table scrolls inside itself (docs/decisions/0051-console-narrow-screens.md).
 * At phone width the menu is a drawer behind the header's Menu button.
 *
 * `CONSOLE_SHOTS=1` also saves each screen at 1440×900 (and two in Chinese) as
 * docs/images/console/<name>.png for docs/operations.md (support/console-shots.ts).
 */
import type { Page } from '@playwright/test';
import { blockingViolations } from '../support/axe.ts';
import { signInNewStaff } from '../support/console.ts';
import { saveConsoleShot } from '../support/console-shots.ts';
import { expectNoSideScroll } from '../support/layout.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.CONSOLE_SHOTS === '1';
const DESKTOP = { width: 1440, height: 900 };

/** The route's page has drawn its data: its heading, and no table or chart still loading. */
async function ready(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .ant-spin-spinning, main .ant-skeleton')).toHaveCount(0);
}

/** The dashboard over the last 365 days (the demo data lies months back), for its picture. */
async function lastYear(page: Page, preset: string) {
  await page.locator('#dashboard-period').click();
  await page.getByText(preset, { exact: true }).click();
  await page.keyboard.press('Escape');
  await ready(page);
}

/** The first link of a list's table: the detail route of its first row. */
async function firstRowHref(page: Page, testId: string): Promise<string> {
  const link = page.getByTestId(testId).locator('tbody a').first();
  await expect(link).toBeVisible();
  return new URL((await link.getAttribute('href'))!, page.url()).pathname.replace(/^\/admin/, '');
}

test('every console route passes axe and does not scroll sideways at 1024 and 390 px @cn-only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const server = serverOf(new URL(baseURL!).origin);
  await signInNewStaff(page, server, 'admin');
  const base = `${server.origin}/admin`;

  // the detail routes: the first row of each list (the demo member, its orders, the demo company)
  await page.goto(`${base}/users?q=demo%40example.com`);
  const userView = await firstRowHref(page, 'user-hits');
  await page.goto(`${base}/orders`);
  const orderView = await firstRowHref(page, 'orders-table');
  await page.goto(`${base}/companies`);
  const companyView = await firstRowHref(page, 'companies-table');

  const routes: [name: string, path: string][] = [
    ['dashboard', '/'],
    ['users', '/users?q=demo%40example.com'],
    ['user-view', userView],
    ['orders', '/orders'],
    ['unconfirmed', '/orders?status=6'],
    ['refund-due', '/orders/refund-due'],
    ['order-view', orderView],
    ['invoices', '/invoices'],
    ['companies', '/companies'],
    ['company-view', companyView],
    ['codes', '/codes'],
    ['coupons', '/coupons'],
    ['offers', '/offers'],
    ['staff', '/staff'],
    ['audit', '/audit'],
  ];
  for (const [name, path] of routes) {
    await test.step(name, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${base}${path}`);
      await ready(page);
      if (name === 'dashboard') await expect(page.getByTestId('chart-accounts').locator('canvas')).toBeVisible();
      expect(await blockingViolations(page), `axe on ${path}`).toEqual([]);
      if (shots && name === 'dashboard') await lastYear(page, 'Last 365 days');
      if (shots) await saveConsoleShot(page, name);
      for (const size of [
        { width: 1024, height: 768 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await expectNoSideScroll(page);
      }
    });
  }

  // at phone width the menu is a drawer: it opens, passes axe and takes the operator to a route
  await page.goto(`${base}/`);
  await ready(page);
  await expect(page.getByRole('navigation', { name: 'Operator console' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Operator console' })).toBeVisible();
  expect(await blockingViolations(page, '.ant-drawer')).toEqual([]);
  await page.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Operator console' })).toBeHidden();

  if (shots) {
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Language').click();
    await page.getByTitle('简体中文').click();
    for (const [name, path] of [
      ['dashboard-zh-CN', '/'],
      ['orders-zh-CN', '/orders'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await ready(page);
      if (path === '/') await lastYear(page, '最近 365 天');
      await saveConsoleShot(page, name);
    }
  }
});
