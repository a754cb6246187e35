/**
 * Applying again after a failed invoice (docs/decisions/0010-invoices.md:
 * "Re-applying (reCreate) never revives an invoice"; the Nuonuo fake fails a
 * buyer whose name contains 税号错误, with the platform's failCause): a fresh account applies under such a
 * title, watches the application fail with the provider's reason, applies
 * again from the records with a corrected title, and sees the new invoice
 * move from reissuing to invoiced while the failed one stays failed and
 * points at it.
 */
import { FAKE_FAIL_CAUSE } from '../../server/test/fakes/invoicing/nuonuo.fake.ts';
import { logInAs } from '../support/account.ts';
import { applicationFormFor, freshUserWithPaidOrders } from '../support/invoice.ts';
import { NUONUO_FAILING_BUYER } from '../support/nuonuo-fake-config.ts';
import { expect, test } from '../support/test.ts';

const FAILING = { name: `上海${NUONUO_FAILING_BUYER}测试有限公司`, taxNo: '91310000MA1FL5678Y' };
const GOOD = { name: '上海重开测试有限公司', taxNo: '91310000MA1FL9012Z' };
// the platform's failCause, shown as the member sees it
const REASON = `The invoice failed: ${FAKE_FAIL_CAUSE}`;

test('an invoice the provider refused is applied for again with a corrected title and issued @cn-only', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const { user, orderNos } = await freshUserWithPaidOrders(origin, ['ML2']);
  await logInAs(page, user.account, user.password, '/invoice/order');

  const form = await applicationFormFor(page, orderNos);
  await form.getByText('Company', { exact: true }).click();
  await form.getByLabel('Company name').fill(FAILING.name);
  await form.getByLabel('Tax number').fill(FAILING.taxNo);
  await form.getByLabel('E-mail for the invoice').fill('finance@example.com');
  await form.getByRole('button', { name: 'Apply' }).click();

  // the detail polls while the provider works on it, then shows the failure and its reason
  await expect(page).toHaveURL(/\/invoice\/detail\?no=IV\d+$/);
  const failedNo = new URL(page.url()).searchParams.get('no')!;
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText(FAILING.name);
  await expect(detail).toContainText('Invoice failed');
  await expect(page.getByRole('alert').filter({ hasText: 'The invoice failed' })).toHaveText(REASON);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: '/tmp/journeys-invoice-failed.png', fullPage: true });

  // the records offer to apply again for the failed invoice
  await page.getByRole('button', { name: 'Back to records' }).click();
  const failedRow = page.getByTestId('invoice-records-table').locator(`[data-row-key="${failedNo}"]`);
  await expect(failedRow).toContainText('Invoice failed');
  await failedRow.getByRole('link', { name: 'Apply again' }).click();

  await expect(page).toHaveURL(new RegExp(`/invoice/reCreate\\?no=${failedNo}$`));
  await expect(page.getByText(`Applying again for invoice ${failedNo} (1 order, ¥`)).toBeVisible();
  const again = page.getByTestId('invoice-application-form');
  await expect(again.getByLabel('Company name')).toHaveValue(FAILING.name);
  await again.getByLabel('Company name').fill(GOOD.name);
  await again.getByLabel('Tax number').fill(GOOD.taxNo);
  await again.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/invoice\/detail\?no=IV\d+$/);
  const newNo = new URL(page.url()).searchParams.get('no')!;
  expect(newNo).not.toBe(failedNo);
  await expect(page.getByTestId('invoice-detail')).toContainText(GOOD.name);
  const reissueOf = page.getByTestId('invoice-detail').locator('tr', { hasText: 'Applies again for' });
  await expect(reissueOf.getByRole('link', { name: failedNo })).toBeVisible();

  // the list polls while the new one is pending: reissuing, then invoiced
  await page.getByRole('button', { name: 'Back to records' }).click();
  const newRow = page.getByTestId('invoice-records-table').locator(`[data-row-key="${newNo}"]`);
  await expect(newRow).toContainText(/Reissuing|Invoiced/);
  await expect(newRow).toContainText('Invoiced');
  await expect(newRow.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expect(failedRow).toContainText('Invoice failed');
  // applied for again once: the failed invoice offers no second re-application
  await expect(failedRow.getByRole('link', { name: 'Apply again' })).toHaveCount(0);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: '/tmp/journeys-invoice-reissued.png', fullPage: true });

  // the failed invoice names the new one and offers no second re-application either
  await failedRow.getByRole('link', { name: failedNo }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/detail\\?no=${failedNo}$`));
  const reissuedBy = page.getByTestId('invoice-detail').locator('tr', { hasText: 'Applied again as' });
  await expect(reissuedBy.getByRole('link', { name: newNo })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply again' })).toHaveCount(0);
});
