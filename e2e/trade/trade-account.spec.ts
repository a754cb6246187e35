/**
 * The China trade account (docs/decisions/0009-trade-account.md) for a trade
 * client type (`?clientType=` is kept as a tracked parameter): education
 * entries, the cash password and a default cash-out account added after the
 * cash-password step (five wrong tries lock it); any other
 * client type is sent from the trade routes to the product centre.
 */
import type { Page } from '@playwright/test';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, type FreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

const TRADE_ROUTES = ['details_info', 'education', 'job', 'auth', 'cash'];

async function logInWithClientType(page: Page, user: FreshUser, clientType: string) {
  await page.goto(`login?lang=en&clientType=${clientType}`);
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/products$/);
}

async function freshTradeUser(page: Page, baseURL: string | undefined) {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInWithClientType(page, user, 'gs_trade_pc');
}

test('adds and deletes an education entry @cn-only', async ({ page, baseURL }) => {
  await freshTradeUser(page, baseURL);
  await page.goto('education');
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();

  // the year list starts at the browser's current year: read it around the list's drawing, so a run
  // across New Year's midnight accepts either year
  const browserYear = () => page.evaluate(() => new Date().getFullYear());
  const yearBefore = await browserYear();
  await page.getByRole('button', { name: 'Add education' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add education' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter the school')).toBeVisible();
  await dialog.getByLabel('School').fill('Tsinghua University');
  await dialog.getByLabel('Major').fill('Architecture');
  await dialog.getByLabel('Degree').click();
  await page.getByTitle('Master', { exact: true }).click();
  // the year list runs from this year back to 1970
  await dialog.getByLabel('Graduation year').click();
  const newest = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(newest).toBeVisible();
  const thisYear = new RegExp(`^(${yearBefore}|${await browserYear()})$`);
  await expect(newest).toHaveAttribute('title', thisYear);
  await dialog.getByLabel('Graduation year').fill('2012');
  await page.getByTitle('2012', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /Tsinghua University/ });
  await expect(row).toContainText('Master');
  await expect(row).toContainText('2012');
  await row.getByRole('button', { name: 'Delete Tsinghua University' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByRole('row', { name: /Tsinghua University/ })).toHaveCount(0);
});

test('sets a cash password and adds a default cash account @cn-only', async ({ page, baseURL }) => {
  await freshTradeUser(page, baseURL);
  await page.goto('cash');
  await expect(page.getByTestId('cash-password-state')).toContainText('No cash password is set yet.');
  await expect(page.getByRole('button', { name: 'Add account' })).toBeDisabled();

  await page.getByLabel('New cash password').fill('246810');
  await page.getByLabel('Confirm cash password').fill('246811');
  await page.getByRole('button', { name: 'Set cash password' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm cash password').fill('246810');
  await page.getByRole('button', { name: 'Set cash password' }).click();
  await expect(page.getByTestId('cash-password-state')).toContainText('A cash password is set.');

  // the cash password first, checked by the server, then the account
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await expect(dialog.getByText('Enter your cash password to add an account.')).toBeVisible();
  await expect(dialog.getByLabel('Bank card number')).toHaveCount(0);
  await dialog.getByLabel('Cash password').fill('000000');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The cash password is wrong');
  await dialog.getByLabel('Cash password').fill('246810');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByText('Bank card', { exact: true }).click();
  await dialog.getByLabel('Bank card number').fill('6222021234567890123');
  await dialog.getByLabel('Bank', { exact: true }).fill('ICBC');
  await dialog.getByLabel('Account holder').fill('张三');
  await expect(dialog.getByText('Enter a valid bank card number (16-19 digits)')).toBeVisible();
  await dialog.getByLabel('Bank card number').fill('6222 0212 3456 7890 128');
  await expect(dialog.getByLabel('Use as the default account')).toBeChecked();
  await expect(dialog.getByLabel('Cash password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: /ICBC/ });
  await expect(row).toContainText('ICBC **** 0128');
  await expect(row).toContainText('Default');
  await expect(page.getByText('6222021234567890128')).toHaveCount(0);
});

test('five wrong cash passwords in a row lock the step for 15 minutes @cn-only', async ({ page, baseURL }) => {
  await freshTradeUser(page, baseURL);
  await page.goto('cash');
  await page.getByLabel('New cash password').fill('135790');
  await page.getByLabel('Confirm cash password').fill('135790');
  await page.getByRole('button', { name: 'Set cash password' }).click();
  await expect(page.getByTestId('cash-password-state')).toContainText('A cash password is set.');

  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  const alert = dialog.getByRole('alert');
  /** One try, answered before the next (the alert of the try before looks the same). */
  const tryPassword = async (password: string) => {
    await dialog.getByLabel('Cash password').fill(password);
    const answered = page.waitForResponse((r) => r.url().includes('checkCashPassword'));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await answered;
  };
  for (let i = 1; i <= 4; i++) {
    await tryPassword(`00000${i}`);
    await expect(alert).toContainText('The cash password is wrong');
  }
  await tryPassword('000005');
  const locked = 'Too many wrong cash passwords, please try again in 15 minutes';
  await expect(alert).toContainText(locked);
  // locked: the right password is refused too, and the account form never shows
  await tryPassword('135790');
  await expect(alert).toContainText(locked);
  await expect(dialog.getByLabel('Account holder')).toHaveCount(0);
});

test('a non-trade client type is sent from the trade routes to the product centre @cn-only', async ({
  page,
  baseURL,
}) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInWithClientType(page, user, 'gs_pc');
  await expect(page.getByRole('link', { name: 'Education' })).toHaveCount(0);
  for (const route of TRADE_ROUTES) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/products$/);
  }
});
