/**
 * China /{type}/getCode: a WeChat identity (the native login, through the
 * local WeChat fake) that belongs to no account signs up with a mobile
 * number and SMS code; the login that follows links the identity, and the
 * next WeChat login goes straight in.
 */

import { submitMobileRegistration } from '../support/mobile-register.ts';
import { signInAtFakeProvider } from '../support/provider-sign-in.ts';
import { expect as baseExpect, test } from '../support/test.ts';

// each step loads a page (the provider's, the callback, the next): 30 s each on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

const uniqueMobile = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

test('a new WeChat identity registers on /wx/getCode and logs in with WeChat afterwards @cn-only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const identity = `e2e-getcode-${Date.now()}`;
  const mobile = uniqueMobile();
  const password = `GetCode-${Date.now()}`;

  await page.goto('login?lang=en');
  await page.getByTestId('third-party-login').getByTitle('Log in with WeChat').click();
  await signInAtFakeProvider(page, identity);
  await expect(page.getByText('Link your WeChat account')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();

  await expect(page).toHaveURL(/\/wx\/getCode$/);
  await expect(page.getByTestId('register-card')).toContainText('WeChat');
  await submitMobileRegistration(page, origin, mobile, password);

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Account').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/products$/);

  await page.goto('third_bind?lang=en');
  await expect(page.getByTestId('third-party-wx')).toContainText('Bound');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('login?lang=en');
  await page.getByTestId('third-party-login').getByTitle('Log in with WeChat').click();
  // WeChat asks again each time (a new QR scan)
  await signInAtFakeProvider(page, identity);
  await expect(page).toHaveURL(/\/products$/);
});
