import { logInAsDemo, regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { codeSince } from '../support/mailbox.ts';
import { CODE_RESEND_SECONDS } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

test('logs in with a password and sees the memberships with their expiry', async ({ page }) => {
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Product centre' })).toBeVisible();
  const products = page.getByTestId('products-table');
  const premium = products.locator('tbody tr', { hasText: 'ML2' });
  await expect(premium).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(premium).toContainText('Active');
  await expect(products.locator('tbody tr', { hasText: 'ML1' })).toContainText('Expired');
});

test('a wrong password shows the catalogue message and stays on the login page', async ({ page, baseURL }) => {
  // registering the fresh account adds a mail and its activation: two minutes on a busy machine
  test.setTimeout(120_000);
  // an account of its own: a failure counts towards the account's login lock, which the demo user must never near
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await page.goto('login?lang=en');
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong account or password');
  await expect(page).toHaveURL(/\/login/);
});

test('logs in with a code sent by mail (overseas) or SMS (China)', async ({ page, baseURL }) => {
  const region = regionOf(baseURL);
  const origin = new URL(baseURL!).origin;
  test.setTimeout(120_000);
  // an account of its own: codes sent to one target are limited per hour and day, and the demo user is only read
  const user = await createFreshUser(origin, region);
  // registering by mobile sent that number a code: the next may go once the test servers' interval has passed
  const sendableAt = Date.now() + CODE_RESEND_SECONDS * 1000;
  await page.goto('login?lang=en');
  await page.getByTestId('login-method-switch').click();
  const target = region === 'us' ? user.email! : user.mobile!;
  await page.getByLabel(region === 'us' ? 'Email' : 'Mobile number').fill(target);
  await page.waitForTimeout(Math.max(0, sendableAt - Date.now()));
  const since = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /\d+ ?s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeSince(origin, target, since));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('logging out ends the session: protected pages go back to the login page', async ({ page }) => {
  await logInAsDemo(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('order');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forder/);
});
