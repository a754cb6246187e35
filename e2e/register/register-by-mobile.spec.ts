/** China: register with a mobile number and the SMS code, then log in with it (desktop and h5). */
import type { Page } from '@playwright/test';
import { submitMobileRegistration } from '../support/mobile-register.ts';
import { expect, test } from '../support/test.ts';

const uniqueMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function registerAndLogIn(page: Page, origin: string, registerPath: string) {
  const mobile = uniqueMobile();
  const password = `Mobile-${Date.now()}`;
  await page.goto(`${registerPath}?lang=en`);
  await submitMobileRegistration(page, origin, mobile, password);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Account').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('registers by mobile and SMS code, then logs in @cn-only', async ({ page, baseURL }) => {
  await registerAndLogIn(page, new URL(baseURL!).origin, 'register');
  await expect(page).toHaveURL(/\/products$/);
});

test('registers by mobile on the h5 page, then logs in @h5 @cn-only', async ({ page, baseURL }) => {
  await registerAndLogIn(page, new URL(baseURL!).origin, 'h5/register');
});
