/**
 * A membership bought renewing every month through Stripe Billing, against the fake Stripe API
 * (e2e/support/fake-stripe-server.ts) on the us2 node (docs/product.md#renewing-memberships):
 * the buy dialog offers "renew automatically", the payer goes to the fake's hosted checkout and
 * pays, the fake sends its signed events and returns to the product centre; the fake then sends
 * the next period's `invoice.paid` → a renewal order in the order centre and a later end date;
 * cancel renewal (asked first) and resume in the product centre, and again in the mobile shell's
 * (/h5/products); the card in Stripe's portal.
 */

import { logInAs } from '../support/account.ts';
import { expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { STRIPE } from '../support/stripe-config.ts';
import { expect, test } from '../support/test.ts';

test.use({ baseURL: `${servers.us2.url}/` });

const GOODS = 'ML3';

test('subscribes monthly, is renewed, cancels and resumes the renewal @us-only @responsive', async ({ page }) => {
  // registering the fresh account adds a mail and its activation: two minutes on a busy machine
  test.setTimeout(150_000);
  const user = await createFreshUser(servers.us2.origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  await expect(page.getByText('You have no products yet')).toBeVisible();
  await expect(page.getByTestId('renewal-card')).toHaveCount(0);

  // the buy dialog: renewing every month or year beside the one-off purchase
  await page.getByTestId('buy-button').click();
  await expect(page.getByTestId('auto-renew-note')).toBeVisible();
  const offer = page.getByTestId(`auto-renew-${GOODS}`);
  await expect(offer.getByTestId(`subscribe-${GOODS}-year`)).toContainText('Renew automatically every year · $');
  await offer.getByTestId(`subscribe-${GOODS}-month`).click();

  // Stripe's hosted page (the fake's), then back in the product centre
  await page.waitForURL(new RegExp(`^${STRIPE.apiBase}/c/pay/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(/^\d+\.\d\d USD$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/products\?subscription=[0-9a-f-]{36}&checkout=paid$/);
  const ref = new URL(page.url()).searchParams.get('subscription')!;

  const renewal = page.getByTestId(`renewal-${GOODS}`);
  await expect(renewal.getByTestId('renewal-state')).toHaveText(/^Renews on \d{4}-\d\d-\d\d for \$\d+\.\d\d$/);
  await expect.poll(() => expiryOf(page, GOODS)).not.toBeNull();
  const firstEnd = (await expiryOf(page, GOODS))!;

  // the next period: the fake sends the renewal's invoice.paid
  const renewed = await page.request.post(`${STRIPE.apiBase}/_fake/subscriptions/renew?ref=${ref}`);
  expect(renewed.status()).toBe(200);
  await page.reload();
  await expect.poll(() => expiryOf(page, GOODS)).not.toBe(firstEnd);
  expect((await expiryOf(page, GOODS))! > firstEnd).toBe(true);
  await expect(renewal.getByTestId('renewal-state')).toHaveText(/^Renews on \d{4}-\d\d-\d\d for \$\d+\.\d\d$/);

  // the order centre: the first period (automatic order) and the renewal, neither to pay by hand
  await page.goto('order');
  // table rows on a wide screen, cards on a phone: both carry data-row-key
  const rows = page.getByTestId('orders-table').locator('[data-row-key]');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Renewal' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Automatic order' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Renewing membership' })).toHaveCount(2);
  await expect(page.getByTestId('orders-table').getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // cancel the renewal (asked first), then resume it
  await page.goto('products');
  const endsOn = (await renewal.getByTestId('renewal-state').textContent())!.match(/\d{4}-\d\d-\d\d/)![0];
  await renewal.getByTestId('renewal-cancel').click();
  const sheet = page.getByRole('alertdialog', { name: 'Cancel the renewal?' });
  await expect(sheet).toContainText(`stays active until ${endsOn}`);
  await sheet.getByRole('button', { name: 'Keep renewing' }).click();
  await expect(sheet).toBeHidden();
  await expect(renewal.getByTestId('renewal-state')).toHaveText(/^Renews on /);
  await renewal.getByTestId('renewal-cancel').click();
  await sheet.getByTestId('confirm-sheet-ok').click();
  await expect(renewal.getByTestId('renewal-state')).toHaveText(`Cancelled — ends on ${endsOn}`);
  await renewal.getByTestId('renewal-resume').click();
  await expect(renewal.getByTestId('renewal-state')).toHaveText(/^Renews on /);
  await expect(renewal.getByTestId('renewal-cancel')).toBeVisible();

  // the mobile shell's product centre: the same state, cancel (asked first) and resume at phone width
  await page.goto('h5/products');
  const mobile = page.getByTestId(`renewal-${GOODS}`);
  await expect(mobile.getByTestId('renewal-state')).toHaveText(/^Renews on /);
  await mobile.getByTestId('renewal-cancel').click();
  await page.getByTestId('renewal-cancel-confirm').click();
  await expect(mobile.getByTestId('renewal-state')).toHaveText(`Cancelled — ends on ${endsOn}`);
  await mobile.getByTestId('renewal-resume').click();
  await expect(mobile.getByTestId('renewal-state')).toHaveText(/^Renews on /);

  // the card: Stripe's customer portal (the fake's)
  await renewal.getByTestId('renewal-card-portal').click();
  await page.waitForURL(new RegExp(`^${STRIPE.apiBase}/p/session/bps_test_`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe billing portal' })).toBeVisible();
});
