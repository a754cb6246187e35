/**
 * Account deletion on a fresh account: the agreement must be accepted, the
 * code comes by mail (overseas) or SMS (China), a last confirmation, then
 * the session ends and the account can no longer log in.
 */

import { formatMobile } from '@ac/protocol/mobile-display';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { codeSince } from '../support/mailbox.ts';
import { CODE_RESEND_SECONDS } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

/** The registration SMS (China) holds the next code to that number back (seconds on the test servers). */
const RESEND_MS = CODE_RESEND_SECONDS * 1000;

test('the cancellation agreement is a public page', async ({ page }) => {
  await page.goto('logoff_protocol?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Account cancellation agreement' })).toBeVisible();
  await expect(page.getByTestId('logoff-protocol')).toContainText('Deletion is final');
  await expect(page).toHaveURL(/\/logoff_protocol/);
});

test('deletes the account after the agreement and a code; it cannot log in again', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const region = regionOf(baseURL);
  const user = await createFreshUser(origin, region);
  const registeredAt = Date.now();
  test.setTimeout(120_000);
  await logInAs(page, user.account, user.password, '/logoff');
  await expect(page.getByRole('link', { name: 'Account cancellation agreement' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please read and accept the account cancellation agreement first')).toBeVisible();
  await page.getByTestId('logoff-agree').click();
  await page.getByRole('button', { name: 'Next' }).click();

  // a mobile is shown as people write it (138 0000 0000)
  const target = (user.email ?? user.mobile)!;
  await expect(page.getByRole('radio', { name: user.email ?? formatMobile(user.mobile!) })).toBeChecked();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Please enter the verification code')).toBeVisible();
  if (region === 'cn') {
    await page.waitForTimeout(Math.max(0, registeredAt + RESEND_MS - Date.now()));
  }
  const since = new Date();
  await page.getByTestId('logoff-send-code').click();
  await page.getByLabel('Verification code').fill(await codeSince(origin, target, since));
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Delete your account for good?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/logoff$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong account or password')).toBeVisible();
});
