/**
 * The operator console's sales journey (docs/operations.md#companies): a new sales account signs
 * in, creates a company with seats of a goods code and an end date, and the admin e-mail gets its
 * invitation (read from the SMTP sink); the company's page shows the seats and the open owner
 * invitation, and freezing it shows it frozen. `SCREENSHOTS=1` saves the pages at the project's size.
 */
import { signInNewStaff } from '../support/console.ts';
import { messageSince } from '../support/mailbox.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';

test('sales creates a company with seats and its admin invitation is mailed @us-only', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const server = serverOf(new URL(baseURL!).origin);
  await signInNewStaff(page, server, 'sales');

  await page.getByRole('link', { name: 'Companies', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  const name = `E2E Sales Co ${Date.now().toString(36)}`;
  const adminEmail = `e2e-co-admin-${Date.now().toString(36)}@example.com`;
  const since = new Date();
  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Company name').fill(name);
  await dialog.getByLabel('Admin e-mail').fill(adminEmail);
  await dialog.getByRole('button', { name: 'Add goods' }).click();
  await dialog.getByLabel('Goods code').fill('ML4');
  await dialog.getByLabel('Goods code').press('Enter');
  await dialog.getByLabel('Seats', { exact: true }).fill('3');
  const end = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await dialog.getByLabel('End date').fill(end);
  await dialog.getByLabel('End date').press('Enter');
  await dialog.getByLabel('Reason').fill('contract E2E-1');
  if (shots) await page.screenshot({ path: info.outputPath('company-create.png') });
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('ML4 0/3').first()).toBeVisible();
  await expect(page.getByTestId('company-invitations')).toContainText(adminEmail);
  await expect(page.getByTestId('company-invitations')).toContainText('Owner');
  if (shots) await page.screenshot({ path: info.outputPath('company-view.png'), fullPage: true });

  const mail = await messageSince(server.origin, adminEmail, since);
  expect(mail.subject).toBe(`You are invited to join ${name}`);
  expect(mail.body).toMatch(/https?:\/\/\S+\/enterprise\/join\/[\w-]+/);

  await page.getByRole('button', { name: 'Freeze' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('unpaid invoice');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
  await expect(page.getByText('Frozen', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to companies' }).click();
  await page.getByLabel('Company', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('companies-table').getByRole('row').filter({ hasText: name })).toContainText('Frozen');
  if (shots) {
    await page.screenshot({ path: info.outputPath('companies.png') });
    // the console is a desktop tool; at a phone's width its tables scroll sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath('companies-390.png'), fullPage: true });
  }
});

test('sales issues a batch of redeem codes, reads a code’s history and voids the batch @us-only', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const server = serverOf(new URL(baseURL!).origin);
  const staff = await signInNewStaff(page, server, 'sales');

  await page.getByRole('link', { name: 'Redeem codes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Redeem-code batches' })).toBeVisible();
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Goods code').fill('ML3');
  await dialog.getByLabel('Goods code').press('Enter');
  await dialog.getByLabel('Quantity').fill('4');
  await dialog.getByLabel('Days', { exact: true }).fill('30');
  await dialog.getByLabel('Reason').fill('trade fair E2E');
  if (shots) await page.screenshot({ path: info.outputPath('batch-create.png') });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('4 codes issued')).toBeVisible();
  const row = page.getByTestId('batches-table').getByRole('row').filter({ hasText: staff.email });
  await expect(row).toContainText('Unused 4');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(5);
  const code = lines[1]!.split(',')[1]!.replace(/"/g, '');

  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Batch issued (console)')).toBeVisible();

  await row.getByRole('button', { name: 'Void batch' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('fair cancelled');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Abolished 4');
  await expect(page.getByText('Batch voided', { exact: true })).toBeVisible();
  if (shots) {
    await page.screenshot({ path: info.outputPath('codes.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath('codes-390.png'), fullPage: true });
  }
});
