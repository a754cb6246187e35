/**
 * The China trade account's identity verification (/auth) and work
 * experience (/job) pages (docs/decisions/0009-trade-account.md: "Identity",
 * "Fields"), for a trade client type: what the forms refuse and why, what
 * the server refuses (an identity is verified once), and the result shown.
 * Desktop only: the trade pages have no phone routes.
 */
import type { Locator, Page } from '@playwright/test';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

// GB 11643's own example number (a valid check character) and a copy with a wrong one
const ID_NUMBER = '11010519491231002X';
const WRONG_CHECK = '110105194912310021';
const REAL_NAME = '张三丰';

/** A fresh China account logged in with a trade client type (kept in a cookie), on `path`. */
async function freshTradeUserOn(page: Page, baseURL: string | undefined, path: string) {
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  await page.goto(`login?lang=en&clientType=gs_trade_pc&redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Picks a year in one of the forms' year lists (searchable: typed, then chosen). */
async function chooseYear(page: Page, field: Locator, year: number) {
  await field.click();
  await field.fill(String(year));
  await page.locator('.ant-select-dropdown:visible').getByTitle(String(year), { exact: true }).click();
}

test('verifies the identity once: bad name and number refused, then shown masked @cn-only', async ({
  page,
  baseURL,
}) => {
  await freshTradeUserOn(page, baseURL, '/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  // a second tab of the same login, still showing the form
  const second = await page.context().newPage();
  await second.goto('auth');
  await expect(second.getByRole('button', { name: 'Verify' })).toBeVisible();

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter your name as on your ID card (2-20 Chinese characters)')).toBeVisible();
  await expect(page.getByText('Please enter a valid 18-digit resident ID number')).toBeVisible();

  await page.getByLabel('Real name').fill('Zhang Sanfeng');
  await page.getByLabel('Resident ID number').fill(WRONG_CHECK);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter your name as on your ID card (2-20 Chinese characters)')).toBeVisible();
  await expect(page.getByText('Please enter a valid 18-digit resident ID number')).toBeVisible();
  await page.screenshot({ path: '/tmp/journeys-auth-refused.png', fullPage: true });

  await page.getByLabel('Real name').fill(REAL_NAME);
  await page.getByLabel('Resident ID number').fill(ID_NUMBER.toLowerCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.ant-result-success')).toContainText('Identity verified');
  await expect(page.getByTestId('masked-id')).toHaveText('110***********002X');
  await expect(page.getByRole('row', { name: /Real name/ })).toContainText('**丰');
  await expect(page.getByText(ID_NUMBER)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/journeys-auth-verified.png', fullPage: true });

  // the stale tab tries again: the server refuses, saying why
  await second.bringToFront();
  await second.getByLabel('Real name').fill('李四');
  await second.getByLabel('Resident ID number').fill(ID_NUMBER);
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'already' })).toHaveText(
    'Your identity is already verified',
  );
  await second.close();

  await page.reload();
  await expect(page.getByTestId('masked-id')).toHaveText('110***********002X');
  await expect(page.getByRole('row', { name: /Real name/ })).toContainText('**丰');
});

test('adds work experience, an end before the start refused, and deletes an entry @cn-only', async ({
  page,
  baseURL,
}) => {
  await freshTradeUserOn(page, baseURL, '/job');
  await expect(page.getByRole('heading', { level: 1, name: 'Work experience' })).toBeVisible();

  await page.getByRole('button', { name: 'Add work experience' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add work experience' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter the company')).toBeVisible();
  await expect(dialog.getByText('Please enter the position')).toBeVisible();
  await expect(dialog.getByText('Please choose the start year')).toBeVisible();

  await dialog.getByLabel('Company').fill('浩辰软件');
  await dialog.getByLabel('Position').fill('Structural engineer');
  await chooseYear(page, dialog.getByLabel('From'), 2015);
  await chooseYear(page, dialog.getByLabel('To'), 2012);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The end year must not be before the start year')).toBeVisible();
  await page.screenshot({ path: '/tmp/journeys-job-refused.png', fullPage: true });
  await chooseYear(page, dialog.getByLabel('To'), 2019);
  await expect(dialog.getByText('The end year must not be before the start year')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const first = page.getByRole('row', { name: /浩辰软件/ });
  await expect(first).toContainText('Structural engineer');
  await expect(first).toContainText('2015 – 2019');

  // no end year: until now
  await page.getByRole('button', { name: 'Add work experience' }).click();
  await dialog.getByLabel('Company').fill('Tsinghua Design Institute');
  await dialog.getByLabel('Position').fill('Architect');
  await chooseYear(page, dialog.getByLabel('From'), 2020);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const current = page.getByRole('row', { name: /Tsinghua Design Institute/ });
  await expect(current).toContainText('2020 – Present');
  // newest start first
  await expect(page.locator('[data-row-key]').first()).toContainText('Tsinghua Design Institute');
  await page.screenshot({ path: '/tmp/journeys-job-list.png', fullPage: true });

  await first.getByRole('button', { name: 'Delete 浩辰软件' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByRole('row', { name: /浩辰软件/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /Tsinghua Design Institute/ })).toContainText('2020 – Present');
  await expect(page.getByRole('row', { name: /浩辰软件/ })).toHaveCount(0);
});
