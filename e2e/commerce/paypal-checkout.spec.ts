/**
 * An overseas purchase through PayPal, against the fake PayPal API
 * (e2e/support/fake-paypal-server.ts): on the us2 node the checkout offers
 * PayPal beside the card (pay method 7, PayPal channel); the payer is sent to
 * the order's approve page, approves, and is returned to our order page, where
 * the server captures the order (and the signed CHECKOUT.ORDER.APPROVED that
 * PayPal posts captures it too, once); the product centre then shows the
 * membership. At desktop and phone width.
 */
import { expect, test } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { createOrder, expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { PAYPAL } from '../support/paypal-config.ts';
import { servers } from '../support/servers.ts';

const shots = process.env.SCREENSHOTS === '1';

test.use({ baseURL: `${servers.us2.url}/` });

test('buys a membership through PayPal: approve on PayPal’s page, the product centre shows it @responsive @us-only', async ({
  page,
}, info) => {
  const phone = info.project.name.startsWith('h5');
  const user = await createFreshUser(servers.us2.origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  await expect(page.getByText('You have no products yet')).toBeVisible();

  const orderNo = await createOrder(page, 'ML-A1', '$');
  const dialog = page.getByTestId('checkout-dialog');
  await expect(dialog.getByRole('radio', { name: 'Card payment' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'PayPal' }).check();
  await expect(dialog.getByTestId('pay-method-7-paypal')).toBeChecked();
  if (shots) await page.screenshot({ path: `../docs/screenshots/checkout-paypal-${phone ? 'mobile' : 'desktop'}.png` });
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('checkout-pay').click();
  const popup = await popupPromise;

  // PayPal's approve page (the fake's), then back on our order page
  await popup.waitForURL(new RegExp(`^${PAYPAL.apiBase}/checkoutnow\\?token=[A-Z0-9]{17}$`));
  await expect(popup.getByRole('heading', { name: 'Fake PayPal Checkout' })).toBeVisible();
  await expect(popup.getByTestId('amount')).toHaveText(/^\d+\.\d\d USD$/);
  await popup.getByRole('button', { name: 'Approve', exact: true }).click();
  await popup.waitForURL(
    new RegExp(`^${servers.us2.url}/order\\?orderNo=${orderNo}&checkout=paid&token=[A-Z0-9]{17}&PayerID=[A-Z0-9]+$`),
  );
  await popup.close();

  await expect(page.getByTestId('payment-wait-dialog')).toContainText('Do not close this window');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect.poll(() => expiryOf(page, 'ML-A1')).not.toBeNull();
});
