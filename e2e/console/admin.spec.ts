/**
 * The operator console's administration journey (docs/operations.md#offers-and-prices, #staff):
 * a new administrator signs in, sets the price of a plan — the member's purchase page shows the
 * new price at its next load —, creates a finance staff account whose first sign-in asks for
 * an authenticator app, and the audit lists both. axe on the offers and staff pages.
 */
import { blockingViolations } from '../support/axe.ts';
import { signInNewStaff } from '../support/console.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { recordSecrets } from '../support/secrets.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

/** A plan no other journey buys or prices. */
const GOODS = 'ML-P1';
const shots = process.env.SCREENSHOTS === '1';

test('an admin reprices a plan the member then sees, and creates a finance account @us-only', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const server = serverOf(new URL(baseURL!).origin);
  await signInNewStaff(page, server, 'admin');

  await page.getByRole('link', { name: 'Offers and prices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Offers and prices' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Kind' }).getByText('Plan', { exact: true }).click();
  await expect(page).toHaveURL(/kind=plan/);
  const row = page.getByTestId('offers').getByRole('row').filter({ hasText: GOODS });
  await expect(row).toContainText('USD');
  expect(await blockingViolations(page), 'axe on offers').toEqual([]);
  if (shots) await page.screenshot({ path: info.outputPath('offers.png') });
  await row.getByRole('button', { name: /^Set price/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New price (USD)').fill('111.11');
  await dialog.getByLabel('Reason').fill('E2E price change');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('111.11 USD');

  // the member's purchase page, at its next load
  const member = await createFreshUser(server.origin, 'us');
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await memberPage.goto('login?lang=en&redirect=%2Fproducts');
  await memberPage.getByLabel('Account').fill(member.account);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: 'Log in' }).click();
  await expect(memberPage).toHaveURL(/\/products$/);
  await memberPage.getByTestId('buy-button').click();
  await expect(memberPage.getByTestId(`catalog-item-${GOODS}`).getByTestId('catalog-price')).toContainText('111.11');
  await memberContext.close();

  // a finance account: its first sign-in sets up an authenticator app
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  const email = `e2e-new-finance-${Date.now().toString(36)}@staff.example.com`;
  const password = `Staff-${Date.now().toString(36)}-first`;
  recordSecrets([{ kind: 'password', value: password }]);
  await page.getByRole('button', { name: 'New staff account' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Name').fill('E2E Finance');
  await create.getByLabel('Role').fill('Finance');
  await create.getByLabel('Role').press('Enter');
  await create.getByLabel('First password').fill(password);
  await create.getByLabel('Reason').fill('E2E new hire');
  await create.getByRole('button', { name: 'Confirm' }).click();
  const staffRow = page.getByTestId('staff').getByRole('row').filter({ hasText: email });
  await expect(staffRow).toContainText('Finance');
  await expect(staffRow).toContainText('At next sign-in');
  expect(await blockingViolations(page), 'axe on staff').toEqual([]);
  if (shots) await page.screenshot({ path: info.outputPath('staff.png') });

  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await finance.goto(`${server.origin}/admin/`);
  await finance.getByLabel('Email').fill(email);
  await finance.getByLabel('Password').fill(password);
  await finance.getByRole('button', { name: 'Sign in' }).click();
  await expect(finance.getByRole('button', { name: 'Show the QR code' })).toBeVisible();
  await financeContext.close();

  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page.getByText('offer.setPrice').first()).toBeVisible();
  await expect(page.getByText('staff.create').first()).toBeVisible();
});
