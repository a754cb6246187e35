import { expect, test } from '@playwright/test';
import { logInAsDemo, regionOf } from '../support/demo.ts';

test('the order list shows the orders in the region currency and filters by status', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/order');
  const table = page.getByTestId('orders-table');
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(6);
  const symbol = regionOf(baseURL) === 'us' ? '$' : '¥';
  await expect(table.locator('tbody tr', { hasText: 'AC2026000000000001' })).toContainText(`${symbol}`);
  await expect(table.locator('tbody tr', { hasText: 'AC2026000000000001' })).toContainText('Payment successful');

  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Unpaid').click();
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(1);
  await expect(table.locator('tbody tr[data-row-key]')).toContainText('AC2026000000000003');
});

test('a nested route survives a reload (history mode deep link)', async ({ page }) => {
  await logInAsDemo(page, '/order/pro');
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/order\/pro$/);
  await expect(page.getByTestId('orders-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
});
