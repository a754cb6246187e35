import { httpPaths } from '@ac/protocol/http-paths';
import { logInAs } from '../support/account.ts';
import { createOrder, expiryOf, oneYearFrom } from '../support/commerce.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { expect, test } from '../support/test.ts';

// Each test buys as a fresh account: the demo user's memberships stay as they are, and a retry starts clean.
// Registering it (a mail and its activation link) adds page loads and calls: two minutes on a busy machine.
test.describe.configure({ timeout: 120_000 });

const symbolOf = (baseURL: string | undefined) => (regionOf(baseURL) === 'us' ? '$' : '¥');

test('buys a membership through the sandbox payment page and sees the new expiry', async ({ page, baseURL }) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/products');
  const startedAt = new Date();
  await createOrder(page, 'ML-A1', symbolOf(baseURL));
  await payInSandbox(page, regionOf(baseURL));

  await expect(page.getByTestId('payment-wait-dialog')).toContainText('Do not close this window');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();
  // The information box closes by itself after 3 seconds.
  await expect(page.getByTestId('paid-notice')).toBeHidden();
  await expect.poll(() => expiryOf(page, 'ML-A1')).toMatch(oneYearFrom(startedAt));
});

test('buys with WeChat: the QR code is paid and the dialog notices it by itself @cn-only', async ({
  page,
  context,
  baseURL,
}) => {
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  await logInAs(page, user.account, user.password, '/products');
  const startedAt = new Date();
  await createOrder(page, 'GCAD_365_CS', '¥');
  await page.getByTestId('pay-method-3').click();
  await page.getByTestId('checkout-pay').click();

  const qr = page.getByTestId('pay-qr');
  await expect(qr.locator('svg')).toBeVisible();
  await expect(qr.locator('.ant-qrcode')).toHaveCSS('width', /150|1[5-9]\dpx/);
  const qrCode = await qr.getAttribute('data-qr-code');
  expect(qrCode).toContain(`${httpPaths.sandboxCheckout}?trade=`);

  // The phone that scans the code: the sandbox checkout page it encodes.
  const phone = await context.newPage();
  await phone.goto(new URL(qrCode!, baseURL).toString());
  await phone.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await phone.close();

  await expect(page.getByTestId('paid-notice')).toBeVisible();
  await expect(page.getByTestId('checkout-dialog')).toBeHidden();
  await expect.poll(() => expiryOf(page, 'GCAD_365_CS')).toMatch(oneYearFrom(startedAt));
});
