/**
 * An overseas purchase through FastSpring's popup storefront, against the fake FastSpring
 * (e2e/support/fake-fastspring-server.ts, docs/decisions/0053-popup-storefront.md): on the us2
 * node the checkout offers FastSpring beside the card; FastSpring's script is not on the page
 * until the member presses Pay with it; then its popup opens over the page, the member pays in
 * it, FastSpring's signed order.completed pays the order, the checkout closes with the paid
 * notice, the order centre shows the order paid and the product centre the membership.
 */
import { logInAs } from '../support/account.ts';
import { createOrder, expiryOf } from '../support/commerce.ts';
import { FASTSPRING } from '../support/fastspring-config.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';

test.use({ baseURL: `${servers.us2.url}/` });

test('buys a membership in FastSpring’s popup: its script loads only on Pay, the order is paid @us-only', async ({
  page,
}) => {
  const scriptLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(FASTSPRING.url)) scriptLoads.push(r.url());
  });
  const user = await createFreshUser(servers.us2.origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  await expect(page.getByText('You have no products yet')).toBeVisible();

  const orderNo = await createOrder(page, 'ML-A1', '$');
  const dialog = page.getByTestId('checkout-dialog');
  await dialog.getByRole('radio', { name: 'FastSpring (card, PayPal and more)' }).check();
  if (shots) await page.screenshot({ path: '../docs/screenshots/checkout-fastspring-desktop.png' });
  // nothing of FastSpring's on the page before the member pays with it
  expect(scriptLoads).toEqual([]);
  await expect(page.locator('script#fsc-api')).toHaveCount(0);

  await page.getByTestId('checkout-pay').click();
  await expect(page.locator('script#fsc-api')).toHaveAttribute('src', FASTSPRING.scriptUrl);
  await expect(page.getByTestId('storefront-wait-dialog')).toContainText('FastSpring');
  await expect(page.getByTestId('fastspring-popup')).toBeVisible();
  const popup = page.frameLocator('iframe[title="FastSpring"]');
  await expect(popup.locator('#fs-product')).toHaveText('architecture-premium');
  await expect(popup.locator('#fs-total')).toHaveText(/^\d+(\.\d+)? USD$/);
  if (shots) await page.screenshot({ path: '../docs/screenshots/checkout-fastspring-popup-desktop.png' });
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByTestId('fastspring-popup')).toHaveCount(0);
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  expect(scriptLoads.filter((u) => u === FASTSPRING.scriptUrl)).toHaveLength(1);

  await page.goto('order');
  const row = page.getByTestId('orders-table').locator(`[data-row-key="${orderNo}"]`);
  await expect(row).toContainText('Payment successful');
  await page.goto('products');
  await expect.poll(() => expiryOf(page, 'ML-A1')).not.toBeNull();
});
