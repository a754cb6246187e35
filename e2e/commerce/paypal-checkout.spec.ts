/**
 * An overseas purchase through PayPal, against the fake PayPal API
 * (e2e/support/fake-paypal-server.ts): on the us2 node the checkout offers
 * PayPal beside the card (pay method 7, PayPal channel); the payer is sent to
 * the order's approve page, approves, and is returned to our order page, where
 * the server captures the order (and the signed CHECKOUT.ORDER.APPROVED that
 * PayPal posts captures it too, once); the product centre then shows the
 * membership. A payer who cancels on PayPal's page comes back to the order,
 * still unpaid, told so, and pays it from there. At desktop and phone width.
 */
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { createOrder, expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { PAYPAL } from '../support/paypal-config.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';
// a page opened in a new window loads the whole app: generous waits on a busy machine
const slow = expect.configure({ timeout: 30_000 });

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
  await dialog.getByRole('radio', { name: 'PayPal', exact: true }).check();
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

/** Chooses PayPal in the open checkout dialog of `page` and presses Pay: the PayPal window it opens. */
async function payWithPaypal(page: Page): Promise<Page> {
  const dialog = page.getByTestId('checkout-dialog');
  await dialog.getByRole('radio', { name: 'PayPal', exact: true }).check();
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('checkout-pay').click();
  const popup = await popupPromise;
  await popup.waitForURL(new RegExp(`^${PAYPAL.apiBase}/checkoutnow\\?token=[A-Z0-9]{17}$`));
  await expect(popup.getByRole('heading', { name: 'Fake PayPal Checkout' })).toBeVisible();
  return popup;
}

test('cancels at PayPal, comes back to the order still unpaid and pays it from there @responsive @us-only', async ({
  page,
}, info) => {
  // two rounds on PayPal's page in three windows: minutes on a busy machine
  test.setTimeout(180_000);
  const phone = info.project.name.startsWith('h5');
  const user = await createFreshUser(servers.us2.origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  const orderNo = await createOrder(page, 'ML-A1', '$');

  // Cancel on PayPal's page: back on our order page, which says the order is not paid
  const paypal = await payWithPaypal(page);
  await paypal.getByRole('button', { name: 'Cancel', exact: true }).click();
  await paypal.waitForURL(
    new RegExp(`^${servers.us2.url}/order\\?orderNo=${orderNo}&checkout=cancelled&token=[A-Z0-9]{17}$`),
  );
  const notice = paypal.getByTestId('checkout-return');
  await slow(notice).toHaveAttribute('data-outcome', 'cancelled');
  await expect(notice).toContainText('Payment cancelled');
  await expect(notice).toContainText(
    `Order ${orderNo} has not been paid. You can pay it now, or later from this list.`,
  );
  if (shots) {
    await paypal.screenshot({ path: `../docs/screenshots/checkout-cancelled-${phone ? 'mobile' : 'desktop'}.png` });
  }
  // the waiting window asks the server: not paid
  await page.getByTestId('payment-done').click();
  await expect(page.getByText('Payment not confirmed yet.', { exact: false })).toBeVisible();

  // still payable: Pay now from the notice, approve this time
  await notice.getByTestId('checkout-return-pay').click();
  await expect(paypal.getByTestId('checkout-dialog')).toHaveAttribute('data-order-no', orderNo);
  const again = await payWithPaypal(paypal);
  await again.getByRole('button', { name: 'Approve', exact: true }).click();
  await again.waitForURL(new RegExp(`^${servers.us2.url}/order\\?orderNo=${orderNo}&checkout=paid&`));
  // back on our order page, which asks the server until PayPal's capture makes the order paid
  await slow(again.getByTestId('checkout-return')).toContainText(`Order ${orderNo} is paid.`);
  await again.close();
  await paypal.getByTestId('payment-done').click();
  await expect(paypal.getByTestId('paid-notice')).toBeVisible();
  await expect(paypal.getByTestId('checkout-return')).toHaveAttribute('data-outcome', 'paid');
  await paypal.close();

  // the first window's wait ends too, and the product centre shows the membership
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect.poll(() => expiryOf(page, 'ML-A1')).not.toBeNull();
});
