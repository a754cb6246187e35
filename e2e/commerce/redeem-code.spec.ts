import { logInAs } from '../support/account.ts';
import { freshRedeemCode } from '../support/admin.ts';
import { logInAsDemo, regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

test('redeems a code through the confirmation dialog and finds it in the Used tab', async ({ page, baseURL }) => {
  // a fresh account and the admin command line first: two minutes on a busy machine
  test.setTimeout(120_000);
  // a code and an account of its own (the admin command line runs beside the region's server, on its
  // PostgreSQL database): the demo codes and user stay as they are, and a second run has a code to redeem
  const region = regionOf(baseURL);
  const server = serverOf(new URL(baseURL!).origin);
  const [user, code] = await Promise.all([
    createFreshUser(server.origin, region),
    freshRedeemCode(server.adminEnv, 'ML2'),
  ]);
  await logInAs(page, user.account, user.password, '/redeemcode', `${server.url}/`);
  await page.getByTestId('redeem-input').fill(`  ${code.toLowerCase()} `);
  await page.getByTestId('redeem-submit').click();

  const preview = page.getByTestId('redeem-preview-dialog');
  await expect(preview).toContainText('Viewer Premium');
  for (const label of [
    'Licenses',
    'External collaborators',
    'Extra licenses',
    'Extra duration',
    'Activation duration',
  ]) {
    await expect(preview).toContainText(label);
  }
  await page.getByTestId('redeem-confirm').click();
  await expect(page.getByTestId('redeem-success')).toContainText(/Viewer Premium is now valid until \d{4}-\d{2}-\d{2}/);

  await page.getByRole('link', { name: 'My redeem codes' }).first().click();
  await page.getByTestId('redeem-tabs').getByRole('tab', { name: 'Used', exact: true }).click();
  await expect(page.getByTestId('redeem-table-used')).toContainText(code.toUpperCase(), { timeout: 20_000 });
});

test('a code that does not exist shows the catalogue message', async ({ page }) => {
  await logInAsDemo(page, '/redeemcode/pro');
  await expect(page.getByTestId('redeem-pro-card')).toBeVisible();
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByText('Please enter the redeem code')).toBeVisible();
  await page.getByTestId('redeem-input').fill('NOPE-NOPE-NOPE');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-error')).toContainText('the redeem code does not exist');
});

test('the redeem-code orders list their amounts in the region currency', async ({ page, baseURL }) => {
  await logInAsDemo(page, '/redeemcode/order');
  const row = page.getByTestId('redeem-orders-table').locator('[data-row-key="RC2026000000000001"]');
  await expect(row).toContainText(regionOf(baseURL) === 'us' ? '$' : '¥');
  await expect(row).toContainText('Partially refunded');
});
