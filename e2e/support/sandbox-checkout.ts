/**
 * Paying an open checkout dialog through the sandbox gateway, as a user does:
 * the region's sandbox method, Pay, the sandbox's checkout page in the window
 * the app opens (/order/v5/pay/sandbox/checkout?trade=…), its Pay button and
 * its "Payment complete". The dialog's own answer ("payment done", the paid
 * notice) stays with the spec, which asserts what it expects of it.
 */
import { PayMethod } from '@ac/protocol/enums';
import { expect, type Page } from '@playwright/test';

/** The pay method the sandbox gateway answers in the checkout dialog: "other" (7) overseas, Alipay (2) in China. */
export const sandboxMethod = (region: 'us' | 'cn') => (region === 'us' ? PayMethod.other : PayMethod.alipay);

/** Pays the checkout dialog on `page` in the sandbox; with `amount`, the sandbox page must ask for it. */
export async function payInSandbox(page: Page, region: 'us' | 'cn', { amount }: { amount?: string } = {}) {
  await page.getByTestId(`pay-method-${sandboxMethod(region)}`).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('checkout-pay').click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/order\/v5\/pay\/sandbox\/checkout\?trade=/);
  if (amount) await expect(popup.locator('.amount')).toContainText(amount);
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(popup.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await popup.close();
}
