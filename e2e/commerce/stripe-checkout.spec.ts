/**
 * An overseas card purchase through Stripe Checkout, against the fake
 * Stripe API (e2e/support/fake-stripe-server.ts): the us2 node takes pay
 * method 7 through the Stripe SDK, the payer is sent to the session's
 * hosted page, pays, the fake posts the signed `checkout.session.completed`
 * to our webhook and returns the payer to our order page.
 */

import { createOrder, expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { STRIPE } from '../support/stripe-config.ts';
import { expect, test } from '../support/test.ts';

test.use({ baseURL: `${servers.us2.url}/` });

test('buys a membership by card through the Stripe checkout page @us-only', async ({ page }) => {
  const user = await createFreshUser(servers.us2.origin, 'us');
  await page.goto('login?lang=en&redirect=%2Fproducts');
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/products$/);

  await expect(page.getByText('You have no products yet')).toBeVisible();
  const orderNo = await createOrder(page, 'ML-A1', '$');
  await page.getByTestId('pay-method-7').click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('checkout-pay').click();
  const popup = await popupPromise;

  // Stripe's hosted page (the fake's), then back on our order page
  await popup.waitForURL(new RegExp(`^${STRIPE.apiBase}/c/pay/cs_test_`));
  await expect(popup.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(popup.getByTestId('amount')).toHaveText(/^\d+\.\d\d USD$/);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await popup.waitForURL(`${servers.us2.url}/order?orderNo=${orderNo}&checkout=paid`);
  await popup.close();

  await expect(page.getByTestId('payment-wait-dialog')).toContainText('Do not close this window');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect.poll(() => expiryOf(page, 'ML-A1')).not.toBeNull();
});
