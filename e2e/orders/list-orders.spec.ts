import { logInAsDemo, regionOf } from '../support/demo.ts';
import { expectNoSideScroll, expectTableFits } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

// Rows are found by order number: the demo user's orders are the seeded ones (specs that buy use fresh accounts).
test('the order list shows the orders in the region currency and filters by status', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/order');
  const table = page.getByTestId('orders-table');
  const rows = table.locator('[data-row-key]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(6);
  const symbol = regionOf(baseURL) === 'us' ? '$' : '¥';

  const paid = table.locator('[data-row-key="AC2026000000000001"]');
  const unpaid = table.locator('[data-row-key="AC2026000000000003"]');
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
  await expect(page.getByTestId('orders-table').locator('[data-row-key]').first()).toBeVisible();
});

test('every column of the order centre fits a 1440 px screen: Payment and the pinned Status unclipped', async ({
  page,
}) => {
  await logInAsDemo(page, '/order');
  const table = page.getByTestId('orders-table');
  await expect(table.locator('[data-row-key]').first()).toBeVisible();
  await expectTableFits(page, 'orders-table');
  await expect(table.getByRole('columnheader', { name: 'Payment time' })).toBeInViewport({ ratio: 1 });
  await expect(table.locator('[data-row-key="AC2026000000000001"]')).toContainText(/\d{4}-\d{2}-\d{2}/);
});

test('the order centre is a list of cards on a phone, without sideways scrolling @h5', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/order');
  const cards = page.getByTestId('orders-table');
  const paid = cards.locator('li[data-row-key="AC2026000000000001"]');
  await expect(paid).toBeVisible();
  await expect(cards.getByRole('table')).toHaveCount(0);
  await expect(paid).toContainText('Payment time');
  await expect(paid).toContainText(regionOf(baseURL) === 'us' ? '$' : '¥');
  await expectNoSideScroll(page);
  // the status filter still narrows the cards
  await page.getByTestId('order-status-filter').click();
  await page.getByTitle('Unpaid', { exact: true }).click();
  await expect(cards.locator('li[data-row-key="AC2026000000000003"]')).toBeVisible();
  await expect(paid).toHaveCount(0);
  await expectNoSideScroll(page);
});
