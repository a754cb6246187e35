/** Logging in through the page as any account. */
import { expect, type Page } from '@playwright/test';

/** `base`: another server's app URL ending in "/" (the project's base URL when empty). */
export async function logInAs(page: Page, account: string, password: string, next = '', base = '') {
  await page.goto(`${base}login?lang=en${next ? `&redirect=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // the login call and the next page on a shared, busy machine: up to 30 s
  await expect(page).toHaveURL(next ? new RegExp(`${next}$`) : /\/products$/, { timeout: 20_000 });
}
