/**
 * Overseas: register a new email account, activate it from the link in the
 * mail the SMTP sink received, log in; then forgot password → reset link →
 * new password, the used link shows the timeout message, and the new
 * password logs in. At desktop and phone width.
 */
import type { Page } from '@playwright/test';
import { linkIn, messageSince } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function logIn(page: Page, account: string, password: string) {
  await page.goto('login?lang=en');
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/products$/);
}

test('registers by email, activates from the mail, resets the password once @us-only @responsive', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const email = `e2e-reg-${unique()}@example.com`;
  const password = `First-${unique()}`;
  const newPassword = `Second-${unique()}!`;

  await page.goto('site/register?lang=en');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please read and agree to the terms of service')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('E2E Register');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(`${password}x`);
  await expect(page.getByText('Wrong format')).toBeVisible();
  await expect(page.getByText('Two Passwords do not match')).toBeVisible();
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Country or region').fill('United States');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('register-card').locator('.ant-select-content')).toHaveText('United States');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  const since = new Date();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/site\/register\/mail_verify$/);
  await expect(page.getByTestId('mail-sent-text')).toContainText(email);
  await expect(page.getByTestId('mail-resend')).toBeDisabled();
  const activation = await messageSince(origin, email, since);
  expect(activation.subject).toBe('Activate your account');
  await page.goto(`${linkIn(activation, /\/toactivate\/[\w-]+/)}?lang=en`);
  await expect(page).toHaveURL(/\/site\/activate_success$/);
  await expect(page.getByRole('heading', { name: 'Account activated' })).toBeVisible();
  await logIn(page, email, password);

  await page.context().clearCookies();
  await page.goto('site/password/find?lang=en');
  await page.getByLabel('Email', { exact: true }).fill('wrong@');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Wrong format')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  const resetSince = new Date();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('mail-sent-text')).toContainText(email);
  const resetLink = linkIn(await messageSince(origin, email, resetSince), /\/site\/password\/reset\/[\w-]+/);

  await page.goto(`${resetLink}?lang=en`);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`${resetLink}?lang=en`);
  await expect(page.getByTestId('reset-invalid')).toContainText(
    'The reset password link is timeout, invalid operation',
  );
  await logIn(page, email, newPassword);
});
