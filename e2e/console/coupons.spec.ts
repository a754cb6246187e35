/**
 * The console's coupon campaigns (docs/operations.md#coupons): a new sales account creates a
 * campaign of 5.00 USD off, issues it to a member by e-mail, and the campaign's page counts the
 * member; the member finds the coupon under my coupons and pays less with it in the sandbox
 * checkout; the campaign's page then lists the use with its order. The minimum charge and the
 * limits are refused by the server (server/src/modules/console/sales-coupons.test.ts).
 * `SCREENSHOTS=1` saves the pages.
 */
import { logInAs } from '../support/account.ts';
import { createOrder } from '../support/commerce.ts';
import { signInNewStaff } from '../support/console.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';
const slow = expect.configure({ timeout: 30_000 });

test('sales creates a coupon campaign and issues it to a member, who pays less with it @us-only', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const server = serverOf(new URL(baseURL!).origin);
  const member = await createFreshUser(server.origin, 'us');
  await signInNewStaff(page, server, 'sales');

  await page.getByRole('link', { name: 'Coupons', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Coupon campaigns' })).toBeVisible();
  const name = `E2E spring ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Amount off (USD)').fill('5');
  await dialog.getByLabel('Minimum order (USD)').fill('20');
  await dialog.getByLabel('Reason').fill('spring promotion E2E');
  if (shots) await page.screenshot({ path: info.outputPath('campaign-create.png') });
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Issue to members' }).click();
  await page.getByRole('dialog').getByLabel('Members').fill(member.email!);
  await page.getByRole('dialog').getByLabel('Reason').fill('loyal customer');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Issued to 1 more; 0 held it already')).toBeVisible();
  await expect(page.getByTestId('campaign-recipients')).toContainText(member.email!);
  const code = (await page.getByTestId('campaign-issued-code').innerText()).trim();

  // the member: my coupons, then the checkout
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await logInAs(memberPage, member.account, member.password, '', `${server.url}/`);
  await memberPage.goto(`${server.url}/myCoupons`);
  const card = memberPage.getByTestId(`coupon-${code}`);
  await slow(card).toBeVisible();
  await expect(card.getByTestId('coupon-off')).toHaveText('$5.00 off');
  await memberPage.goto(`${server.url}/products`);
  const orderNo = await createOrder(memberPage, 'ML-A1', '$');
  const checkout = memberPage.getByTestId('checkout-dialog');
  await checkout.getByTestId('checkout-coupon-select').click();
  await memberPage.locator('.ant-select-item-option', { hasText: code }).click();
  await slow(checkout.getByTestId('checkout-amount')).toHaveText('$54.99');
  await payInSandbox(memberPage, 'us', { amount: '$54.99' });
  await memberPage.getByTestId('payment-done').click();
  await slow(memberPage.getByTestId('paid-notice')).toBeVisible();
  await context.close();

  // the campaign's page counts the use and names its order
  await page.reload();
  await slow(page.getByTestId('campaign-uses')).toContainText(orderNo);
  await expect(page.getByTestId('campaign-uses')).toContainText('5.00 USD');
  if (shots) await page.screenshot({ path: info.outputPath('campaign-view.png'), fullPage: true });
  await page.getByRole('link', { name: '← Coupon campaigns' }).click();
  await expect(page.getByTestId('campaigns-table').getByRole('row').filter({ hasText: name })).toContainText('Running');
  if (shots) await page.screenshot({ path: info.outputPath('campaigns.png') });
});
