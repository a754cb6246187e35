/**
 * Devices and sessions on a fresh account, at desktop and phone width: a
 * device reported by a simulated desktop CAD client appears and is bound and
 * unbound (which signs that client out); a session signed out from the
 * sessions tab sends its browser to the login page on its next page load.
 * The demo user's devices: the table fits a 1440 px screen with Bind and
 * Unbind in view; on a phone, both shells show cards without sideways scrolling.
 */
import { randomUUID } from 'node:crypto';
import { Code, calls } from '@ac/client';
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { logInAsDemo, regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expectNoSideScroll, expectTableFits } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

const desktopClient = { clientType: 'df_windows', clientVersion: '2.4.1' };
const phoneWidth = (page: Page) => (page.viewportSize()?.width ?? 1440) < 600;
const devicesPath = (page: Page) => (phoneWidth(page) ? 'h5/devices' : 'devices');

// a fresh account, two logins and a second browser: slow on a busy machine
test.describe.configure({ timeout: 150_000 });

/** SCREENSHOTS=1: the pages as docs/screenshots shows them (overseas build). */
async function screenshot(page: Page, baseURL: string | undefined, name: string) {
  if (!process.env.SCREENSHOTS || regionOf(baseURL) !== 'us') return;
  await page.screenshot({ path: `../docs/screenshots/${name}-${phoneWidth(page) ? 'mobile' : 'desktop'}.png` });
}

async function openDevices(page: Page, account: string, password: string) {
  await logInAs(page, account, password);
  await page.goto(devicesPath(page));
}

test('a device reported by a desktop client appears, is bound, and unbinding signs the client out @responsive @crosswise', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const api = apiClient(origin);
  const { utoken: cadToken } = await api.login(user.account, user.password, { clientInfo: desktopClient });
  const name = `CAD-WS-${randomUUID().slice(0, 6)}`;
  await api.call(
    calls.devices.report,
    { uuid: randomUUID(), mac: '00:1A:2B:3C:4D:5E', name, model: 'Dell Precision 5570', clientVersion: '2.4.1' },
    { token: cadToken, clientInfo: desktopClient },
  );

  await openDevices(page, user.account, user.password);
  const list = page.getByTestId(phoneWidth(page) ? 'devices-list' : 'devices-table');
  await expect(list).toContainText(name, { timeout: 30_000 });
  await expect(list).toContainText('00:1A:2B:3C:4D:5E');
  await expect(list).toContainText('Not bound');

  await page.getByTestId('device-bind').click();
  await page.getByTestId('device-bind-confirm').click();
  await expect(list).not.toContainText('Not bound');
  await expect(page.getByTestId('devices-bound-count')).toContainText('1 of 2');
  await page.mouse.move(0, 0);
  // clicking the action scrolled the table to its right edge
  await list.evaluate((el) => {
    for (const e of [el, ...Array.from(el.querySelectorAll('*'))]) e.scrollLeft = 0;
  });
  await screenshot(page, baseURL, 'devices');

  await page.getByTestId('device-unbind').click();
  await page.getByTestId('device-unbind-confirm').click();
  await expect(list).toContainText('Not bound');
  await expect(page.getByTestId('devices-bound-count')).toContainText('0 of 2');
  // the client of the unbound device was signed out
  const answer = await api.send(calls.session.userInfo, {}, { token: cadToken, clientInfo: desktopClient });
  expect(answer.code).toBe(Code.sessionRevoked);
});

test('signing out another session sends that browser to the login page @responsive @crosswise', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const otherPage = await other.newPage();
  await logInAs(otherPage, user.account, user.password);

  await openDevices(page, user.account, user.password);
  await page.getByRole('tab', { name: 'Active sessions' }).click();
  const sessions = page.getByTestId(phoneWidth(page) ? 'sessions-list' : 'sessions-table');
  await expect(sessions.getByTestId('session-current')).toHaveCount(1);
  await expect(sessions.getByTestId('session-sign-out')).toHaveCount(1);
  await screenshot(page, baseURL, 'sessions');
  await sessions.getByTestId('session-sign-out').click();
  await page.getByTestId('session-sign-out-confirm').click();
  await expect(sessions.getByTestId('session-sign-out')).toHaveCount(0);
  await expect(page.getByTestId('session-sign-out-others')).toBeDisabled();

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login(\?|$)/);
  await other.close();
});

test('the devices table fits a 1440 px screen with Bind and Unbind in view', async ({ page }) => {
  await logInAsDemo(page, '/devices');
  const table = page.getByTestId('devices-table');
  await expect(table.locator('[data-row-key]')).toHaveCount(2);
  await expectTableFits(page, 'devices-table');
  await expect(table.getByTestId('device-unbind')).toBeInViewport({ ratio: 1 });
  await expect(table.getByTestId('device-bind')).toBeInViewport({ ratio: 1 });
});

test('devices on a phone: cards in the desktop shell, the list in /h5, neither scrolls sideways @h5', async ({
  page,
}) => {
  await logInAsDemo(page, '/devices');
  const cards = page.getByTestId('devices-table');
  await expect(cards.locator('li[data-row-key]')).toHaveCount(2);
  await expect(cards.getByRole('table')).toHaveCount(0);
  await expect(
    cards.locator('li[data-row-key]', { hasText: 'DESIGN-WS-01' }).getByTestId('device-unbind'),
  ).toBeVisible();
  await expect(cards.locator('li[data-row-key]', { hasText: 'Demo iPad' }).getByTestId('device-bind')).toBeVisible();
  await expectNoSideScroll(page);
  await page.getByRole('tab', { name: 'Active sessions' }).click();
  await expect(page.getByTestId('sessions-table').locator('li[data-row-key]').first()).toBeVisible();
  await expectNoSideScroll(page);

  await page.goto('h5/devices');
  await expect(page.getByTestId('devices-list')).toContainText('DESIGN-WS-01');
  await expectNoSideScroll(page);
});
