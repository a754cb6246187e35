/** China's mobile registration form (/register, /h5/register, /{type}/getCode): fills it in and submits it. */
import { expect, type Page } from '@playwright/test';
import { codeSince } from './mailbox.ts';

export async function submitMobileRegistration(page: Page, origin: string, mobile: string, password: string) {
  await page.getByLabel('Mobile number').fill(mobile);
  const since = new Date();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeSince(origin, mobile, since));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}
