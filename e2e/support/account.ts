/** Logging in through the page as any account. */
import { expect, type Page } from '@playwright/test';

export async function logInAs(page: Page, account: string, password: string, next = '') {
  await page.goto(`login?lang=en${next ? `&redirect=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(next ? new RegExp(`${next}$`) : /\/products$/);
}
