/**
 * A membership renewing every month through an Alipay agreement (periodic deduction), against the
 * fake Alipay gateway (e2e/support/fake-alipay-server.ts) on the cn2 server
 * (docs/product.md#renewing-memberships, "In China"): the buy dialog offers "renew automatically",
 * the member signs on the fake's agreement page, whose Sign posts the signed `dut_user_sign` to
 * cn2 and returns to the product centre, where the first period has been deducted (an automatic
 * order in the order centre). The next period's deduction is made by the admin command at the
 * period's end (`subscriptions charge-due --at`, as the scheduled job would then): a renewal order
 * and an end date one month later. Cancel renewal unsigns the agreement.
 */
import { calls } from '@ac/client';
import { logInAs } from '../support/account.ts';
import { admin } from '../support/admin.ts';
import { ALIPAY } from '../support/alipay-config.ts';
import { apiClient } from '../support/api-client.ts';
import { expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const server = servers.cn2;
test.use({ baseURL: `${server.url}/` });

const GOODS = 'ML2';
const shots = process.env.SCREENSHOTS === '1';
const DAY = 24 * 3600 * 1000;
const RENEWS = /^Renews on (\d{4}-\d\d-\d\d) for .+$/;

test('subscribes monthly with Alipay, signs, is renewed by the next deduction, cancels @cn-only', async ({ page }) => {
  // registering the fresh account (its SMS code) and its first deduction: two minutes on a busy machine
  test.setTimeout(150_000);
  const user = await createFreshUser(server.origin, 'cn');
  await logInAs(page, user.account, user.password, '/products');
  await expect(page.getByTestId('renewal-card')).toHaveCount(0);

  await page.getByTestId('buy-button').click();
  await expect(page.getByTestId('auto-renew-note')).toContainText('Alipay');
  await page.getByTestId(`auto-renew-${GOODS}`).getByTestId(`subscribe-${GOODS}-month`).click();

  // Alipay's agreement signing page (the fake's), then back in the product centre
  await page.waitForURL((url) => url.href.startsWith(`${ALIPAY.gateway}?`));
  await expect(page.getByRole('heading', { name: 'Fake Alipay agreement' })).toBeVisible();
  await expect(page.getByTestId('rule')).toContainText('every month, at most');
  await expect(page.getByTestId('amount')).toHaveText(/^\d+\.\d\d CNY$/);
  if (shots) await page.screenshot({ path: '../docs/screenshots/alipay-agreement-signing-desktop.png' });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.waitForURL(/\/products\?subscription=[0-9a-f-]{36}&checkout=signed$/);

  // the first period is deducted at once after the signing
  const renewal = page.getByTestId(`renewal-${GOODS}`);
  await expect(renewal.getByTestId('renewal-state')).toHaveText(RENEWS);
  await expect(renewal.getByTestId('renewal-provider')).toHaveText('Paid from your Alipay account (Alipay agreement)');
  await expect.poll(() => expiryOf(page, GOODS)).not.toBeNull();
  const firstEnd = (await expiryOf(page, GOODS))!;
  await expect(renewal.getByTestId('renewal-state')).toContainText(`Renews on ${firstEnd}`);
  if (shots) await page.screenshot({ path: '../docs/screenshots/products-alipay-renewal-desktop.png' });

  await page.goto('order');
  const rows = page.getByTestId('orders-table').locator('[data-row-key]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Automatic order');
  await expect(rows.first()).toContainText('Renewing membership');

  // the period's end, without waiting a month: the admin command deducts what is due then
  const api = apiClient(server.origin);
  const { utoken } = await api.login(user.account, user.password);
  const [subscription] = (await api.call(calls.subscriptions.mine, {}, { token: utoken })).rows;
  expect(subscription).toMatchObject({ provider: 'alipay', state: 'active' });
  const ran = await admin(server.adminEnv, ['subscriptions', 'charge-due', '--at', subscription!.periodEnd!]);
  expect(ran).toMatch(/: granted 1, failed 0, ended 0, unknown 0, /);

  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Renewal' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Automatic order' })).toHaveCount(1);

  await page.goto('products');
  await expect.poll(() => expiryOf(page, GOODS)).not.toBe(firstEnd);
  const nextEnd = (await expiryOf(page, GOODS))!;
  // one calendar month later: 28 to 31 days
  const days = (Date.parse(nextEnd) - Date.parse(firstEnd)) / DAY;
  expect(days >= 28 && days <= 31).toBe(true);
  await expect(renewal.getByTestId('renewal-state')).toContainText(`Renews on ${nextEnd}`);

  // cancel the renewal (asked first): the agreement is unsigned, the membership runs to its end
  await renewal.getByTestId('renewal-cancel').click();
  await page.getByRole('alertdialog', { name: 'Cancel the renewal?' }).getByTestId('confirm-sheet-ok').click();
  await expect(renewal.getByTestId('renewal-state')).toHaveText(`Cancelled — ends on ${nextEnd}`);
  await expect(renewal.getByTestId('renewal-resume')).toBeVisible();
});
