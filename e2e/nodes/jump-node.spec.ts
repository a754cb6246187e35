/**
 * Two overseas server nodes (us on 8301, us2 on 8303, each its own
 * database, listing each other in SERVER_NODES): an account registered on
 * us2 that logs in on us meets 0300069, the jump-node screen names us2 and
 * takes the user to us2's login page, where the login works. The code
 * login of the same account goes to the same screen.
 */
import type { Page } from '@playwright/test';
import { createFreshUser, type FreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

async function expectJumpScreen(page: Page, user: FreshUser) {
  await expect(page).toHaveURL(/\/site\/jump_node$/);
  const screen = page.getByTestId('jump-node');
  await expect(screen.getByRole('heading', { name: 'Switch server node' })).toBeVisible();
  await expect(screen).toContainText(`The account ${user.account} lives on the server node "International 2"`);
}

test('an account on the other node is sent there from the password and the code login @us-only @responsive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createFreshUser(servers.us2.origin, 'us');

  await page.goto('login?lang=en');
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectJumpScreen(page, user);

  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-method-switch').click();
  await page.getByLabel('Email').fill(user.account);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectJumpScreen(page, user);

  await page.getByTestId('jump-node-go').click();
  await expect(page).toHaveURL(`${servers.us2.url}/login`);
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${servers.us2.url}/products`);
});
