/**
 * Basic information: nickname and location on a fresh account (the demo
 * user stays as it is), a new email (overseas) or mobile (China) confirmed
 * with the code sent to the new address.
 */
import { normalizeMobile } from '@ac/protocol/common';
import { formatMobile } from '@ac/protocol/mobile-display';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { codeSince } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

test('edits the nickname and location; the header shows the new nickname', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
  await page.getByLabel('Nickname').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter a nickname')).toBeVisible();
  await page.getByLabel('Nickname').fill('Fresh Nick');
  await page.getByLabel('Location').fill('Germany');
  await page.keyboard.press('Enter');
  await page.getByLabel('Company', { exact: true }).fill('Fresh GmbH');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your information has been saved')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Fresh Nick');
  await page.reload();
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Fresh GmbH');
  await expect(page.locator('.ant-select', { hasText: 'Germany' })).toBeVisible();
});

test('changes the email with the code sent to the new address @us-only', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, 'us');
  const newEmail = `new-${user.email}`;
  await logInAs(page, user.account, user.password, '/profile');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  const since = new Date();
  await page.getByTestId('emailCode-send').click();
  await expect(page.getByTestId('emailCode-send')).toBeDisabled();
  await page.getByLabel('Email verification code').fill(await codeSince(origin, newEmail, since));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your information has been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
});

test('changes the mobile number with the code sent to the new number @cn-only', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, 'cn');
  const newMobile = `138${user.mobile!.slice(3)}`;
  await logInAs(page, user.account, user.password, '/profile');
  await page.getByLabel('Mobile number').fill(newMobile);
  const since = new Date();
  await page.getByTestId('mobileCode-send').click();
  await expect(page.getByTestId('mobileCode-send')).toBeDisabled();
  await page.getByLabel('Mobile verification code').fill(await codeSince(origin, newMobile, since));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your information has been saved')).toBeVisible();
  await page.reload();
  // kept in E.164, shown as people write it in China (138 xxxx xxxx)
  await expect(page.getByLabel('Mobile number')).toHaveValue(formatMobile(normalizeMobile(newMobile)!));
  await expect(page.getByLabel('Mobile number')).toHaveValue(/^138 \d{4} \d{4}$/);
});
