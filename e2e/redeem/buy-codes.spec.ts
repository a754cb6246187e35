/**
 * Buying redeem codes end to end (docs/decisions/0027-buying-redeem-codes.md): a fresh user buys
 * 3 codes on /redeemcode/order, pays in the sandbox checkout, finds them under the order,
 * downloads the CSV, and another fresh user redeems one of them on /redeemcode.
 */
import { readFile } from 'node:fs/promises';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';
const slow = expect.configure({ timeout: 30_000 });

test('buys 3 codes, pays in the sandbox, lists and downloads them, and another user redeems one @responsive @crosswise', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const region = regionOf(baseURL);
  const server = region === 'us' ? servers.us : servers.cn;
  const phone = info.project.name.startsWith('h5');
  const total = region === 'us' ? '$119.97' : '¥384.00';
  const buyer = await createFreshUser(server.origin, region);
  await logInAs(page, buyer.account, buyer.password, '', `${server.url}/`);

  await page.goto(`${server.url}/redeemcode/order`);
  // the page belongs to "My redeem codes" in the side menu (a drawer at phone width)
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Account center menu' });
  await slow(menu.locator('[aria-current="page"]')).toHaveText('My redeem codes');
  if (phone) await page.keyboard.press('Escape');
  await page.getByTestId('buy-codes').click();
  const dialog = page.getByTestId('buy-codes-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('buy-codes-offer').click();
  await page.locator('.ant-select-item-option', { hasText: /Viewer Premium.*365/ }).click();
  await dialog.getByTestId('buy-codes-quantity').fill('3');
  await expect(dialog.getByTestId('buy-codes-total')).toHaveText(total);
  if (shots) await page.screenshot({ path: `../docs/screenshots/buy-codes-${phone ? 'mobile' : 'desktop'}.png` });
  await page.getByTestId('buy-codes-continue').click();

  const checkout = page.getByTestId('checkout-dialog');
  await expect(checkout.getByTestId('checkout-amount')).toHaveText(total);
  const orderNo = await checkout.getAttribute('data-order-no');
  await payInSandbox(page, region);
  await page.getByTestId('payment-done').click();
  await slow(page.getByTestId('paid-notice')).toBeVisible();

  // the order, paid, with its three codes
  const row = page.getByTestId('redeem-orders-table').locator(`[data-row-key="${orderNo}"]`);
  await slow(row).toContainText('Payment successful');
  await row.getByTestId(`redeem-order-open-${orderNo}`).click();
  const detail = page.getByTestId('redeem-order-detail');
  const codes = detail.getByTestId('redeem-order-code');
  await slow(codes).toHaveCount(3);
  const first = (await codes.first().textContent())!.trim();
  expect(first).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$/);
  if (shots) {
    await page.screenshot({ path: `../docs/screenshots/redeem-order-codes-${phone ? 'mobile' : 'desktop'}.png` });
  }

  // the CSV: made by the server for this session, UTF-8 with BOM, one line per code
  const downloadPromise = page.waitForEvent('download');
  // the link carries no token: the browser's HttpOnly ticket cookie is the session (docs/protocol.md#downloads)
  expect(await detail.getByTestId('redeem-codes-csv').getAttribute('href')).not.toContain('utoken');
  await detail.getByTestId('redeem-codes-csv').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`redeem-codes-${orderNo}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(csv).toContain(`,${first},ML2,365,unused,`);

  // another fresh user redeems one
  const other = await createFreshUser(server.origin, region);
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL,
  });
  const otherPage = await context.newPage();
  await logInAs(otherPage, other.account, other.password, '', `${server.url}/`);
  await otherPage.goto(`${server.url}/redeemcode`);
  await otherPage.getByTestId('redeem-input').fill(first);
  await otherPage.getByTestId('redeem-submit').click();
  await expect(otherPage.getByTestId('redeem-preview-dialog')).toContainText('Viewer Premium');
  await otherPage.getByTestId('redeem-confirm').click();
  await expect(otherPage.getByTestId('redeem-success')).toContainText('Viewer Premium');
  await context.close();

  // the buyer sees who redeemed it
  await page.reload();
  await row.getByTestId(`redeem-order-open-${orderNo}`).click();
  // a table row, or a card at phone width: both carry data-row-key
  const redeemed = page.getByTestId('redeem-order-codes').locator('[data-row-key]', { hasText: first });
  await slow(redeemed).toContainText('Redeemed');
  await expect(redeemed).toContainText(region === 'us' ? other.account : other.account.slice(-4));
});
