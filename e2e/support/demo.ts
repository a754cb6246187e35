/** The demo user and the steps most specs start with. */
import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'Demo-2026-pass', mobile: '13800000000' };

/** Logs in through the login page (English texts) and waits for the product centre. */
export async function logInAsDemo(page: Page, next = '') {
  await page.goto(`login?lang=en${next ? `&redirect=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Account').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(next ? new RegExp(`${next.replace(/[?]/g, '\\?')}$`) : /\/products$/);
}

/** The region a project runs against, from its base URL. */
export function regionOf(baseURL: string | undefined): 'us' | 'cn' {
  return baseURL?.includes('/account/secure') ? 'us' : 'cn';
}
