import { expect, test } from '@playwright/test';
import { logInAsDemo, regionOf } from '../support/demo.ts';

// The commerce specs add orders to the shared demo user while this runs: rows are found by order number.
test('the order list shows the orders in the region currency and filters by status', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/order');
  const table = page.getByTestId('orders-table');
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(6);
  const symbol = regionOf(baseURL) === 'us' ? '$' : '¥';

  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Payment successful').click();
  const paid = table.locator('tbody tr[data-row-key="AC2026000000000001"]');
  await expect(paid).toContainText(symbol);
  await expect(paid).toContainText('Payment successful');

  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Unpaid').click();
  await expect(table.locator('tbody tr[data-row-key="AC2026000000000003"]')).toContainText('Unpaid');
  for (const row of await rows.all()) await expect(row).toContainText('Unpaid');
});

test('a nested route survives a reload (history mode deep link)', async ({ page }) => {
  await logInAsDemo(page, '/order/pro');
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/order\/pro$/);
  await expect(page.getByTestId('orders-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
});
