import { logInAsDemo } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

test('my redeem codes are split into unused, used and expired tabs', async ({ page }) => {
  await logInAsDemo(page, '/myExchange');
  const tabs = page.getByTestId('redeem-tabs');
  await expect(page.getByTestId('redeem-table-unused')).toContainText('DEMO-UNUSED-0002');
  await expect(page.getByTestId('redeem-table-unused')).toContainText('Pre-occupied');
  await tabs.getByRole('tab', { name: 'Used', exact: true }).click();
  await expect(page.getByTestId('redeem-table-used')).toContainText('DEMO-USED-0001');
  await expect(page.getByTestId('redeem-table-used')).toContainText('demo@example.com');
  await tabs.getByRole('tab', { name: 'Expired', exact: true }).click();
  await expect(page.getByTestId('redeem-table-expired').locator('[data-row-key]')).toHaveCount(3);
});

test('the devices page lists bound and unbound devices', async ({ page }) => {
  await logInAsDemo(page, '/devices');
  const table = page.getByTestId('devices-table');
  await expect(table.locator('tbody tr', { hasText: 'DESIGN-WS-01' })).toContainText('Bound');
  await expect(table.locator('tbody tr', { hasText: 'Demo iPad' })).toContainText('Not bound');
});
