/**
 * The main journey with the keyboard alone — Tab, Shift+Tab, Enter, Space
 * and the arrow keys, never a pointer: log in, buy a membership through the
 * sandbox checkout (its page in the window the app opens), and redeem a
 * code the admin command line issued. Each control is reached by Tab from
 * where the focus is, so a control that Tab cannot reach, or a focus trap,
 * fails the journey. Desktop width, both regions (the admin command line
 * issues the code on the database of the running server).
 */
import type { Locator, Page } from '@playwright/test';
import { freshRedeemCode } from '../support/admin.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { sandboxMethod } from '../support/sandbox-checkout.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

/** More stops than any page of the journey has before its target. */
const MAX_TABS = 60;

/** Presses Tab (Shift+Tab with `back`) until `target` holds the focus; fails when it never does. */
async function tabTo(page: Page, target: Locator, { back = false } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < MAX_TABS; i++) {
    const focused = await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
    if (focused) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} is not reachable with ${back ? 'Shift+Tab' : 'Tab'}`);
}

test('logs in, buys a membership and redeems a code with the keyboard alone', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const region = regionOf(baseURL);
  const server = serverOf(new URL(baseURL!).origin);
  const user = await createFreshUser(server.origin, region);
  const code = await freshRedeemCode(server.adminEnv, 'ML2', 30);

  // log in: Tab to each field, type, Enter submits
  await page.goto(`${server.url}/login?lang=en`);
  await tabTo(page, page.getByLabel('Account'));
  await page.keyboard.type(user.account);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products$/);

  // buy: the Buy button, the plan, a sandbox method chosen with the arrow keys, Pay
  await tabTo(page, page.getByTestId('buy-button'));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('buy-ML-A1'));
  await page.keyboard.press('Enter');
  const checkout = page.getByTestId('checkout-dialog');
  await expect(checkout).toBeVisible();
  // the sandbox gateway's method (the test id sits on the radio input)
  const method = page.getByTestId(`pay-method-${sandboxMethod(region)}`);
  await tabTo(page, page.getByRole('radiogroup'));
  for (let i = 0; i < 8 && !(await method.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(method).toBeChecked();
  const popupOpened = page.waitForEvent('popup');
  await tabTo(page, page.getByTestId('checkout-pay'));
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await popup.waitForURL(/\/order\/v5\/pay\/sandbox\/checkout\?trade=/);
  await tabTo(popup, popup.getByRole('button', { name: 'Pay', exact: true }));
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('payment-wait-dialog')).toBeVisible();
  await tabTo(page, page.getByTestId('payment-done'));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('paid-notice')).toBeVisible();

  // redeem: from the side menu by Tab (Shift+Tab walks back up to it), the code, Enter, the confirmation
  await expect(page.getByTestId('paid-notice')).toBeHidden();
  await tabTo(page, page.getByRole('link', { name: 'Use a redeem code', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/redeemcode$/);
  await tabTo(page, page.getByTestId('redeem-input'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const preview = page.getByTestId('redeem-preview-dialog');
  await expect(preview).toBeVisible();
  await tabTo(page, page.getByTestId('redeem-confirm'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('redeem-success')).toBeVisible();
});
