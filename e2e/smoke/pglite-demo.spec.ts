/**
 * The demo as `npm start` runs it — PGlite in DATA_DIR with the demo data —
 * in one journey (the `lite-us` project alone runs this file, against the
 * `us-lite` server): the demo user logs in, buys a membership through the
 * sandbox checkout, sees it in the product centre and logs out. The other
 * journeys run on PostgreSQL (docs/decisions/0033-e2e-each-test-its-own-client.md).
 */
import { createOrder, expiryOf, oneYearFrom } from '../support/commerce.ts';
import { logInAsDemo } from '../support/demo.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { expect, test } from '../support/test.ts';

test('the demo user logs in, buys a membership in the sandbox, sees it and logs out', async ({ page }) => {
  // a login, a checkout with its window and the product centre again: two minutes on a busy machine
  test.setTimeout(120_000);
  await logInAsDemo(page);
  // the demo data holds no ML-A1: what the product centre shows after paying is this purchase alone
  expect(await expiryOf(page, 'ML-A1')).toBeNull();
  const startedAt = new Date();
  await createOrder(page, 'ML-A1', '$');
  await payInSandbox(page, 'us');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect.poll(() => expiryOf(page, 'ML-A1')).toMatch(oneYearFrom(startedAt));

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('products');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fproducts/);
});
