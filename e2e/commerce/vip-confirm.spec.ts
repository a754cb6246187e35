/**
 * China /vip_confirm, the page a CAD client opens to confirm a membership:
 * a visitor sees the plan, logs in and comes back to it, pays through the
 * sandbox gateway, sees the new expiry and finds it in the product centre.
 * A fresh account, so the demo user's memberships stay as they are.
 */

import { expiryOf, oneYearFrom } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { expect, test } from '../support/test.ts';

test('an unknown goods code points to the product centre @cn-only', async ({ page }) => {
  await page.goto('vip_confirm?goods=NOPE&lang=en');
  await expect(page.getByTestId('vip-unknown')).toContainText('This membership is not on sale');
  await expect(page.getByTestId('vip-to-products')).toBeVisible();
});

test('confirms a membership opened logged out: log in, back, pay, product centre @cn-only', async ({
  page,
  baseURL,
}) => {
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  const startedAt = new Date();

  await page.goto('vip_confirm?goods=ML2&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm membership' })).toBeVisible();
  await expect(page.getByTestId('vip-product')).toHaveText('Viewer Premium');
  await expect(page.getByTestId('vip-price')).toContainText('¥');
  const price = (await page.getByTestId('vip-price').textContent()) ?? '';
  await expect(page.getByTestId('vip-pay')).toHaveCount(0);

  await page.getByTestId('vip-login').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvip_confirm%3Fgoods%3DML2/);
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/vip_confirm\?goods=ML2/);

  await expect(page.getByTestId('vip-current-end')).toHaveText('None yet');
  // a year from today, whichever day it is when the page computes it (the spec may run across midnight)
  await expect(page.getByTestId('vip-new-end')).toHaveText(oneYearFrom(startedAt));
  const newEnd = (await page.getByTestId('vip-new-end').textContent()) ?? '';
  await page.getByTestId('vip-pay').click();
  const dialog = page.getByTestId('checkout-dialog');
  await expect(dialog.getByTestId('checkout-amount')).toHaveText(price);
  await payInSandbox(page, 'cn');

  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('vip-paid')).toContainText('Payment complete');
  await expect(page.getByTestId('vip-paid-text')).toHaveText(`Viewer Premium now runs until ${newEnd}.`);
  await expect(page.getByTestId('paid-notice')).toBeHidden();

  await page.getByTestId('vip-to-products').click();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => expiryOf(page, 'ML2')).toBe(newEnd);
});
