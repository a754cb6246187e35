/**
 * The 5 GB storage package (docs/product.md#storage-package): bought one-off through the Buy /
 * Renew dialog and the sandbox payment page; once paid the product centre's storage card shows
 * the higher total and the package among the products with its expiry.
 */
import { logInAs } from '../support/account.ts';
import { createOrder, expiryOf, oneYearFrom } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { expect, test } from '../support/test.ts';

// registering the fresh account adds a mail and its activation: two minutes on a busy machine
test.describe.configure({ timeout: 120_000 });

const PACKAGE = 'STORAGE_5G';

test('buys the 5 GB storage package in the sandbox and the product centre shows the higher total @us-only', async ({
  page,
  baseURL,
}) => {
  const user = await createFreshUser(new URL(baseURL!).origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  const total = page.getByTestId('storage-total');
  await expect(total).toHaveText(/^1(\.0)? GB$/);
  const startedAt = new Date();
  await createOrder(page, PACKAGE, '$');
  await payInSandbox(page, 'us');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect(total).toHaveText(/^6(\.0)? GB$/);
  // storage only: the current membership stays the standard account
  await expect(page.getByText('You have no active membership')).toBeVisible();
  await expect.poll(() => expiryOf(page, PACKAGE)).toMatch(oneYearFrom(startedAt));
});
