/**
 * Two-step verification in the browser (docs/protocol.md#two-factor): set up
 * an authenticator app from the security page (the test computes the app's
 * codes from the key the page shows, with otplib), log out, log in with the
 * password and an app code, then with a recovery code, which works once.
 */
import { calls } from '@ac/client';
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, type FreshUser } from '../support/fresh-user.ts';
import { test } from '../support/test.ts';

/** The code an authenticator app shows `steps` periods of 30 s from now (each step is taken once). */
const appCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The password step of the login page; the second step follows. */
async function passwordStep(page: Page, user: FreshUser) {
  await page.goto('login?lang=en');
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({ timeout: 20_000 });
}

async function secondStep(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test('sets up an authenticator app, logs in with it and with a recovery code once', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  // shown once the app's code is confirmed
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  const codes = (await page.getByTestId('recovery-codes').locator('code').allInnerTexts()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveText('10');

  // the password alone no longer logs in: the app's next code does
  await logOut(page);
  await passwordStep(page, user);
  await secondStep(page, appCode(secret, 1));
  await expect(page).toHaveURL(/\/products$/, { timeout: 20_000 });

  // a recovery code works once
  await logOut(page);
  await passwordStep(page, user);
  await secondStep(page, codes[0]!);
  await expect(page).toHaveURL(/\/products$/, { timeout: 20_000 });
  await logOut(page);
  await passwordStep(page, user);
  await secondStep(page, codes[0]!);
  await expect(page.getByRole('alert')).toContainText('The code is wrong or was already used');
  await secondStep(page, codes[1]!);
  await expect(page).toHaveURL(/\/products$/, { timeout: 20_000 });
  await page.goto('security?lang=en');
  await expect(page.getByTestId('recovery-left')).toHaveText('8');
});

test('logs in with the second step on a phone and shows the security page of the mobile shell @h5', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  const { secret } = await api.call(calls.twoFactor.startTotp, { password: user.password }, { token });
  await api.call(calls.twoFactor.confirmTotp, { code: appCode(secret) }, { token });
  await api.call(calls.session.logout, {}, { token });

  await passwordStep(page, user);
  await page.getByLabel('Trust this browser for 30 days').check();
  await secondStep(page, appCode(secret, 1));
  await expect(page).toHaveURL(/\/products$/, { timeout: 20_000 });
  await page.goto('h5/security?lang=en');
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recovery-left')).toHaveText('10');
});
