/**
 * China invoice titles (/invoice/title, /invoice/addTitle;
 * docs/decisions/0010-invoices.md, "Title rule": at most one default, the
 * first title saved becomes it). A fresh account adds a company and a
 * personal title, edits the company one (a short tax number refused first)
 * and deletes the personal one; another makes its second title the default
 * and finds it chosen and filled in on the application form, and applies
 * with it. At desktop and phone width: the invoice pages live in the main
 * shell, which is responsive.
 */
import { calls } from '@ac/client';
import type { TInvoiceTitleSaveRequest } from '@ac/protocol/invoice';
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { createFreshUser, type FreshUser } from '../support/fresh-user.ts';
import { applicationFormFor, freshUserWithPaidOrders } from '../support/invoice.ts';
import { expect, test } from '../support/test.ts';

const COMPANY = { name: '北京测试抬头科技有限公司', taxNo: '91110000MA01AB2C3D' };
const RENAMED = { name: '北京测试抬头软件有限公司', taxNo: '91110000MA01XY9Z8W' };
const PERSON = '王小明';

const titleRows = (page: Page) => page.getByTestId('invoice-titles-table').locator('[data-row-key]');
const titleRow = (page: Page, name: string) => titleRows(page).filter({ hasText: name });

async function addTitle(page: Page, fill: () => Promise<void>) {
  await page.getByRole('button', { name: 'Add invoice title' }).click();
  await expect(page).toHaveURL(/\/invoice\/addTitle$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add invoice title' })).toBeVisible();
  await fill();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/invoice\/title$/);
}

/** Saves titles for `user` through the SDK, in order (the first becomes the default). */
async function savedTitles(origin: string, user: FreshUser, titles: TInvoiceTitleSaveRequest[]) {
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  for (const title of titles) await api.call(calls.invoice.saveTitle, title, { token });
  await api.call(calls.session.logout, {}, { token });
}

test('adds, edits and deletes invoice titles @cn-only @responsive', async ({ page, baseURL }, info) => {
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  await logInAs(page, user.account, user.password, '/invoice/title');
  await expect(page.getByTestId('invoice-titles-table')).toContainText('No invoice titles yet');

  // the first title an account saves becomes its default
  await addTitle(page, async () => {
    await page.getByLabel('Company name').fill(COMPANY.name);
    await page.getByLabel('Tax number').fill(COMPANY.taxNo);
  });
  await expect(titleRow(page, COMPANY.name)).toContainText('Default');
  await expect(titleRow(page, COMPANY.name)).toContainText(COMPANY.taxNo);

  await addTitle(page, async () => {
    await page.getByText('Personal', { exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(PERSON);
  });
  await expect(titleRow(page, PERSON)).toContainText('Personal');
  await expect(titleRow(page, PERSON)).not.toContainText('Default');
  await expect(titleRow(page, COMPANY.name)).toContainText('Default');

  // edit: the form opens with the saved values; the tax number rule holds here too
  await titleRow(page, COMPANY.name).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/invoice\/addTitle\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit invoice title' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY.name);
  await expect(page.getByLabel('Tax number')).toHaveValue(COMPANY.taxNo);
  await page.getByLabel('Company name').fill(RENAMED.name);
  await page.getByLabel('Tax number').fill('9111');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A company title needs a tax number of 15-20 letters and digits')).toBeVisible();
  await expect(page).toHaveURL(/\/invoice\/addTitle\?id=/);
  await page.getByLabel('Tax number').fill(RENAMED.taxNo);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/invoice\/title$/);
  await expect(titleRow(page, RENAMED.name)).toContainText(RENAMED.taxNo);
  await expect(titleRow(page, RENAMED.name)).toContainText('Default');
  await expect(titleRow(page, COMPANY.name)).toHaveCount(0);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `/tmp/journeys-invoice-titles-${info.project.name}.png`, fullPage: true });

  // delete the personal title after confirming; the default stays
  await titleRow(page, PERSON).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.locator('.ant-popconfirm', { hasText: `Delete the title "${PERSON}"?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(titleRow(page, PERSON)).toHaveCount(0);
  await page.reload();
  await expect(titleRow(page, RENAMED.name)).toContainText('Default');
  await expect(titleRows(page)).toHaveCount(1);
});

test('makes a title the default and finds it chosen when applying @cn-only @responsive', async ({
  page,
  baseURL,
}, info) => {
  const origin = new URL(baseURL!).origin;
  const { user, orderNos } = await freshUserWithPaidOrders(origin, ['ML1']);
  await savedTitles(origin, user, [
    { kind: 'company', ...COMPANY },
    { kind: 'personal', name: PERSON },
  ]);
  await logInAs(page, user.account, user.password, '/invoice/title');
  await expect(titleRow(page, COMPANY.name)).toContainText('Default');
  await expect(titleRow(page, PERSON)).not.toContainText('Default');

  // the tag moves to the personal title
  await titleRow(page, PERSON).getByRole('button', { name: 'Make default' }).click();
  await expect(titleRow(page, PERSON)).toContainText('Default');
  await expect(titleRow(page, COMPANY.name)).not.toContainText('Default');
  await expect(titleRow(page, COMPANY.name).getByRole('button', { name: 'Make default' })).toBeVisible();

  // applying: the default title is chosen and its fields filled in
  const form = await applicationFormFor(page, orderNos);
  await expect(form.locator('.ant-select-content')).toHaveText(`${PERSON} (Default)`);
  await expect(form.getByRole('radio', { name: 'Personal' })).toBeChecked();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(PERSON);
  await expect(form.getByLabel('Tax number')).toHaveCount(0);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `/tmp/journeys-invoice-title-default-${info.project.name}.png`, fullPage: true });
  await form.getByLabel('E-mail for the invoice').fill('finance@example.com');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/invoice\/detail\?no=IV\d+$/);
  await expect(page.getByTestId('invoice-detail').locator('tr', { hasText: 'Invoice title' })).toContainText(PERSON);
});
