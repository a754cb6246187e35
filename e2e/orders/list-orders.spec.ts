import { logInAsDemo, regionOf } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

// Rows are found by order number: the demo user's orders are the seeded ones (specs that buy use fresh accounts).
test('the order list shows the orders in the region currency and filters by status', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/order');
  const table = page.getByTestId('orders-table');
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(6);
  const symbol = regionOf(baseURL) === 'us' ? '$' : '¥';

  const paid = table.locator('tbody tr[data-row-key="AC2026000000000001"]');
  const unpaid = table.locator('tbody tr[data-row-key="AC2026000000000003"]');
  await expect(paid).toBeVisible();
  await expect(unpaid).toBeVisible();

  // a filter has applied once a row of another status is gone and one of its status is there: only then read the rows
  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Payment successful').click();
  await expect(unpaid).toHaveCount(0);
  await expect(paid).toContainText('Payment successful');
  await expect(paid).toContainText(symbol);
  await expect(rows.filter({ hasNotText: 'Payment successful' })).toHaveCount(0);

  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Unpaid').click();
  await expect(paid).toHaveCount(0);
  await expect(unpaid).toContainText('Unpaid');
  await expect(rows.filter({ hasNotText: 'Unpaid' })).toHaveCount(0);
});

test('a nested route survives a reload (history mode deep link)', async ({ page }) => {
  await logInAsDemo(page, '/order/pro');
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/order\/pro$/);
  await expect(page.getByTestId('orders-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
});
