/**
 * The main journey with the keyboard alone — Tab, Shift+Tab, Enter, Space
 * and the arrow keys, never a pointer: log in, buy a membership through the
 * sandbox checkout (its page in the window the app opens), and redeem a
 * code the admin command line issued. Each control is reached by Tab from
 * where the focus is, so a control that Tab cannot reach, or a focus trap,
 * fails the journey. Desktop width, both regions, on the PostgreSQL nodes
 * (the admin command opens the database beside the running server).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { sandboxMethod } from '../support/sandbox-checkout.ts';
import { recordSecrets } from '../support/secrets.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
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

async function issueCode(env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'node',
    ['server/dist/admin.js', 'codes', 'generate', '--goods', 'ML2', '--count', '1', '--days', '30'],
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  const code = stdout.trim().split('\n')[1]?.split(',')[1];
  if (!code) throw new Error(`no code in ${stdout}`);
  // a redeem code is a secret: the log check after the run searches the servers' logs for it
  recordSecrets([{ kind: 'code', value: code }]);
  return code;
}

test('logs in, buys a membership and redeems a code with the keyboard alone', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const region = regionOf(baseURL);
  const server = region === 'us' ? servers.usPg : servers.cnPg;
  const user = await createFreshUser(server.origin, region);
  const code = await issueCode(server.adminEnv!);

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
  await expect(page.getByTestId('paid-notice')).toBeHidden({ timeout: 10_000 });
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
