/**
 * A coupon end to end: the admin command line grants one to a fresh user, who
 * finds it under my coupons, buys with it through the sandbox checkout, sees
 * the discount on the order and the coupon under "used". The admin command
 * line runs beside the region's server, on its PostgreSQL database
 * (support/admin.ts).
 */
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { admin } from '../support/admin.ts';
import { axeViolations } from '../support/axe.ts';
import { createOrder } from '../support/commerce.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';
const slow = expect.configure({ timeout: 30_000 });

/** `within`: only that part of the page (a dialog: what lies under its mask is another page's). */
async function expectNoAxeViolations(page: Page, within?: string) {
  const violations = await axeViolations(page, ['wcag2a', 'wcag2aa'], within);
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

test('a coupon granted by the admin is listed, bought with, shown on the order and then used @responsive @crosswise', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const region = regionOf(baseURL);
  const server = serverOf(new URL(baseURL!).origin);
  const phone = info.project.name.startsWith('h5');
  const currency = region === 'us' ? 'USD' : 'CNY';
  const [symbol, price, due] = region === 'us' ? ['$', '$59.99', '$54.99'] : ['¥', '¥198.00', '¥193.00'];
  const user = await createFreshUser(server.origin, region);
  const code = `E2E${Date.now().toString(36).toUpperCase()}${info.parallelIndex}${phone ? 'P' : 'D'}`;
  const granted = await admin(server.adminEnv, [
    'coupons',
    'create',
    '--code',
    code,
    '--amount',
    '500',
    '--currency',
    currency,
    '--goods',
    'ML-A1,ML2',
    '--user',
    user.account,
  ]);
  expect(granted).toContain(`granted to ${user.account}`);

  // my coupons: from the header menu on a desktop, by its address on a phone
  await logInAs(page, user.account, user.password, '', `${server.url}/`);
  if (phone) await page.goto(`${server.url}/myCoupons`);
  else await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My coupons' }).click();
  await expect(page).toHaveURL(/\/myCoupons$/);
  const card = page.getByTestId(`coupon-${code}`);
  await slow(card).toBeVisible();
  await expect(card.getByTestId('coupon-off')).toHaveText(`${symbol}5.00 off`);
  await expect(card).toContainText('Architecture cloud premium');
  await expectNoAxeViolations(page);
  if (shots) {
    await page.screenshot({
      path: `../docs/screenshots/my-coupons-${phone ? 'mobile' : 'desktop'}.png`,
      fullPage: true,
    });
  }

  // checkout: the coupon is offered for the goods, applied by the server, the amount falls
  await page.goto(`${server.url}/products`);
  const orderNo = await createOrder(page, 'ML-A1', symbol);
  const dialog = page.getByTestId('checkout-dialog');
  await expect(dialog.getByTestId('checkout-amount')).toHaveText(price);
  await dialog.getByTestId('checkout-coupon-select').click();
  await page.locator('.ant-select-item-option', { hasText: code }).click();
  await slow(dialog.getByTestId('checkout-discount')).toHaveText(`−${symbol}5.00`);
  await expect(dialog.getByTestId('checkout-amount')).toHaveText(due);
  await expect(dialog.getByTestId('checkout-price')).toHaveText(price);
  await expectNoAxeViolations(page, '[role="dialog"]');
  if (shots) {
    await page.screenshot({ path: `../docs/screenshots/checkout-coupon-${phone ? 'mobile' : 'desktop'}.png` });
  }

  // the sandbox is asked for the discounted amount, and its notification matches it
  await payInSandbox(page, region, { amount: due });
  await page.getByTestId('payment-done').click();
  await slow(page.getByTestId('paid-notice')).toBeVisible();

  // the order shows the coupon and the discount
  await page.goto(`${server.url}/order`);
  const row = page.getByTestId('orders-table').locator(`[data-row-key="${orderNo}"]`);
  await slow(row).toBeVisible();
  await row.getByTestId('order-detail-button').click();
  await expect(page.getByTestId('order-coupon')).toHaveText(`${code} (−${symbol}5.00)`);
  await expect(page.getByTestId('order-due-amount')).toHaveText(due);

  // and the coupon is used
  await page.goto(`${server.url}/myCoupons?tab=used`);
  const used = page.getByTestId(`coupon-${code}`);
  await slow(used).toBeVisible();
  await expect(used).toContainText(orderNo);
  await expectNoAxeViolations(page);
  await page.goto(`${server.url}/myCoupons`);
  await slow(page.getByTestId('coupon-list-unused')).toContainText('No coupons here');
});
