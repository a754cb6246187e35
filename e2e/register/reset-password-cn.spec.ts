/**
 * China: forgot password by email (the reset link arrives through the SMTP
 * sink; used once, then refused) and by mobile + SMS code, on the pages
 * outside the shell at desktop width and on the h5 pages at phone width.
 */
import type { Page } from '@playwright/test';
import { createFreshUser, type FreshUser, withEmail } from '../support/fresh-user.ts';
import { codeSince, linkIn, messageSince } from '../support/mailbox.ts';
import { CODE_RESEND_SECONDS } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const newPassword = () => `Reset-${Date.now()}-pw`;

/**
 * A number gets one code per interval whatever the purpose (a minute in
 * production, CODE_RESEND_SECONDS on the test servers), and registering the
 * user sent one: the mobile reset's user is made first and the spec waits
 * out what is left of that interval.
 */
const CODE_RESEND_MS = CODE_RESEND_SECONDS * 1000;
let mobileUser: Promise<{ user: FreshUser; codeSentAt: number }> | undefined;
test.beforeAll(({ baseURL }) => {
  const origin = new URL(baseURL!).origin;
  mobileUser = createFreshUser(origin, 'cn').then((user) => ({ user, codeSentAt: Date.now() }));
  mobileUser.catch(() => undefined);
});

async function logIn(page: Page, user: FreshUser, password: string) {
  await page.goto('login?lang=en');
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function resetByEmail(page: Page, origin: string, findPath: string, mailVerify: RegExp, resetLink: RegExp) {
  const user = await withEmail(origin, await createFreshUser(origin, 'cn'));
  const email = user.email!;
  const password = newPassword();
  await page.goto(`${findPath}?lang=en`);
  await page.getByText('By email', { exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill('wrong@');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Wrong format')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(mailVerify);
  await expect(page.getByTestId('mail-sent-text')).toContainText(email);

  const link = linkIn(await messageSince(origin, email, since), resetLink);
  await page.goto(`${link}?lang=en`);
  await setNewPassword(page, password);
  await page.goto(`${link}?lang=en`);
  await expect(page.getByTestId('reset-invalid')).toContainText(
    'The reset password link is timeout, invalid operation',
  );
  await logIn(page, user, password);
}

async function resetByMobile(page: Page, origin: string, findPath: string) {
  const { user, codeSentAt } = await mobileUser!;
  const password = newPassword();
  await page.waitForTimeout(Math.max(0, codeSentAt + CODE_RESEND_MS - Date.now()));
  await page.goto(`${findPath}?lang=en`);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(user.mobile!);
  const since = new Date();
  await page.getByTestId('find-send-code').click();
  await expect(page.getByTestId('find-send-code')).toBeDisabled();
  await page.getByLabel('Verification code').fill(await codeSince(origin, user.mobile!, since));
  await setNewPassword(page, password);
  await logIn(page, user, password);
}

test('resets the password from the mailed link, once @cn-only', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  await resetByEmail(page, origin, 'password/find', /\/password\/mail_verify$/, /\/secure\/password\/reset\/[\w-]+/);
});

test('resets the password from the mailed link on the h5 pages, once @cn-only @h5', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  await resetByEmail(page, origin, 'h5/findPwd', /\/h5\/password\/mail_verify$/, /\/secure\/h5\/reset\/[\w-]+/);
});

test('resets the password with the mobile number and SMS code @cn-only', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await resetByMobile(page, new URL(baseURL!).origin, 'password/find');
});

test('resets the password with the mobile number and SMS code on the h5 page @cn-only @h5', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await resetByMobile(page, new URL(baseURL!).origin, 'h5/findPwd');
});
