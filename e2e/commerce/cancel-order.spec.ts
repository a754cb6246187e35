import { logInAs } from '../support/account.ts';
import { createOrder } from '../support/commerce.ts';
import { logInAsDemo, regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

test('cancels an unpaid order after confirming, in the region currency', async ({ page, baseURL }) => {
  // registering the fresh account adds a mail and its activation: two minutes on a busy machine
  test.setTimeout(120_000);
  // a fresh account: the demo user's orders stay as they are
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/products');
  const symbol = regionOf(baseURL) === 'us' ? '$' : '¥';
  const orderNo = await createOrder(page, 'ML4', symbol);
  // the catalogue dialog may still be closing underneath: close the checkout one
  const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-dialog') });
  await checkout.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('checkout-dialog')).toBeHidden();

  await page.goto('order');
  const row = page.getByTestId('orders-table').locator(`[data-row-key="${orderNo}"]`);
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText(symbol);
  await expect(row.getByTestId('order-pay-button')).toBeVisible();
  await row.getByTestId('order-detail-button').click();

  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText(orderNo);
  await expect(page.getByTestId('order-detail-state')).toHaveText('Awaiting payment');
  await page.getByTestId('cancel-order').click();
  await expect(page.getByRole('dialog', { name: 'Cancel this order?' })).toContainText(orderNo);
  await page.getByTestId('cancel-order-confirm').click();

  await expect(page.getByTestId('order-detail-state')).toHaveText('Cancelled');
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);
  await expect(row).toContainText('Cancelled');
  await expect(row.getByTestId('order-pay-button')).toHaveCount(0);
});

test('a paid order has no cancel button in its detail', async ({ page }) => {
  await logInAsDemo(page, '/order?status=1');
  const row = page.getByTestId('orders-table').locator('[data-row-key="AC2026000000000001"]');
  await row.getByTestId('order-detail-button').click();
  await expect(page.getByTestId('order-detail')).toContainText('AC2026000000000001');
  await expect(page.getByTestId('order-lines')).toContainText('Viewer Premium');
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);
});
