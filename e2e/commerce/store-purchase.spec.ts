/**
 * A Google Play subscription of the mobile app as the member sees it (docs/decisions/0048-app-store-purchases.md):
 * the fake Google (support/google-play-config.ts) holds the purchase, with the member's account
 * id as its obfuscated account id, and signs the Pub/Sub push of its PURCHASED notification,
 * posted to the us server as Google would; the server reads the purchase from the fake's Android
 * Publisher API. The order centre shows the store's order, the product centre the membership as
 * managed in Google Play, with the link to Google Play's subscriptions page and none of our buttons.
 */
import { httpPaths } from '@ac/protocol/http-paths';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { GOOGLE_PLAY } from '../support/google-play-config.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

test.use({ baseURL: `${servers.us.url}/` });

test('a Google Play purchase is a store order and a membership managed in Google Play @us-only', async ({ page }) => {
  // registering the fresh account adds a mail and its activation: two minutes on a busy machine
  test.setTimeout(150_000);
  const user = await createFreshUser(servers.us.origin, 'us');
  const { userInfo } = await apiClient(servers.us.origin).login(user.account, user.password);
  const token = `e2e-${userInfo.id}-${Date.now().toString(36)}`;
  const set = await page.request.post(`${GOOGLE_PLAY.url}/_fake/subscriptions`, {
    data: {
      token,
      latestOrderId: `GPA.${Date.now() % 10_000}-${process.pid % 10_000}-0001-00001`,
      productId: GOOGLE_PLAY.product,
      accountId: userInfo.id,
      expiryTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  });
  expect(set.ok()).toBe(true);
  // PURCHASED (4), pushed as Pub/Sub would, signed by the fake Google
  const push = (await (
    await page.request.post(`${GOOGLE_PLAY.url}/_fake/push`, {
      data: {
        notification: {
          subscriptionNotification: {
            version: '1.0',
            notificationType: 4,
            purchaseToken: token,
            subscriptionId: GOOGLE_PLAY.product,
          },
        },
      },
    })
  ).json()) as { body: string; headers: Record<string, string> };
  const delivered = await page.request.post(`${servers.us.origin}${httpPaths.googlePlayNotify}`, {
    data: push.body,
    headers: push.headers,
  });
  expect(delivered.status()).toBe(204);

  await logInAs(page, user.account, user.password, '/order');
  const rows = page.getByTestId('orders-table').locator('[data-row-key]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Google Play auto-renewal');
  await expect(page.getByTestId('orders-table').getByRole('button', { name: 'Pay' })).toHaveCount(0);

  await page.goto('products');
  const renewal = page.getByTestId(`renewal-${GOOGLE_PLAY.goodsCode}`);
  await expect(renewal.getByTestId('renewal-provider')).toHaveText('Managed in Google Play');
  await expect(renewal.getByTestId('renewal-state')).toHaveText(/^Renews on \d{4}-\d\d-\d\d for \$\d+\.\d\d$/);
  await expect(renewal.getByTestId('renewal-manage')).toHaveAttribute(
    'href',
    `https://play.google.com/store/account/subscriptions?sku=${GOOGLE_PLAY.product}&package=${GOOGLE_PLAY.packageName}`,
  );
  await expect(renewal.getByRole('button')).toHaveCount(0);
});
