import { calls } from '@ac/client';
/**
 * Login page variants (docs/product.md#client-types): the client type comes from the browser
 * (User_PC at desktop width, User_H5 on a phone) unless the URL names one;
 * an enterprise client type shows the enterprise variant, without the
 * third-party buttons, and its login carries that client type.
 */
import type { Page } from '@playwright/test';
import { DEMO } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

/** Logs the demo user in and returns the clientInfo the login call carried. */
async function logInAndReadClientInfo(page: Page) {
  await page.getByLabel('Account').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes(calls.session.login.path)),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  await expect(page).not.toHaveURL(/\/login/);
  return (request.postDataJSON() as { clientInfo: { clientType: string; clientVersion: string } }).clientInfo;
}

test('the client type comes from the browser: PC at desktop width, H5 on a phone @responsive', async ({ page }) => {
  await page.goto('login?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Enterprise member login');
  await expect(page.getByTestId('third-party-login')).toBeVisible();
  const clientInfo = await logInAndReadClientInfo(page);
  const phone = (page.viewportSize()?.width ?? 0) < 800;
  expect(clientInfo).toMatchObject({ clientType: phone ? 'User_H5' : 'User_PC', clientVersion: '1.0' });
});

test('an enterprise client type shows the enterprise login and logs in with that type', async ({ page }) => {
  await page.goto('login?lang=en&clientType=business_pc&clientVersion=3.2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enterprise member login');
  await expect(page.getByTestId('login-card').getByText('Enterprise', { exact: true })).toBeVisible();
  await expect(page.getByTestId('third-party-login')).toHaveCount(0);
  const clientInfo = await logInAndReadClientInfo(page);
  expect(clientInfo).toMatchObject({ clientType: 'business_pc', clientVersion: '3.2' });
});
