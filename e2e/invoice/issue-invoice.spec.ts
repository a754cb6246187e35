/**
 * The China invoice area: a fresh account pays two orders in the sandbox,
 * invoices both under a Chinese company title, sees the record move from
 * invoicing to invoiced, and downloads the PDF.
 */
import { calls } from '@ac/client';
import type { TGoodsCode } from '@ac/protocol/enums';
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

const COMPANY = { name: '上海浩辰测试科技有限公司', taxNo: '91310000MA1FL1234X' };

/** An order of `goodsCode` paid on the sandbox checkout page (Alipay-style, method 2). */
async function paidOrder(page: Page, origin: string, token: string, goodsCode: TGoodsCode): Promise<string> {
  const api = apiClient(origin);
  const order = await api.call(calls.orders.create, { goodsCode }, { token });
  const pay = await api.call(calls.payments.pay, { orderNo: order.orderNo, payMethod: 2 }, { token });
  if (!('payUrl' in pay)) throw new Error('the sandbox Alipay-style method answers a page to open');
  const checkout = await page.context().newPage();
  await checkout.goto(new URL(pay.payUrl, origin).toString());
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await checkout.close();
  await expect
    .poll(async () => (await api.call(calls.payments.payState, { orderNo: order.orderNo }, { token })).payState)
    .toBe(1);
  return order.orderNo;
}

test('invoices two paid orders, sees the record become invoiced and downloads the PDF @cn-only', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, 'cn');
  const { utoken: token } = await apiClient(origin).login(user.account, user.password);
  const orders = [await paidOrder(page, origin, token, 'ML2'), await paidOrder(page, origin, token, 'ML1')];

  await logInAs(page, user.account, user.password, '/invoice/order');
  const table = page.getByTestId('invoice-orders-table');
  for (const orderNo of orders) {
    await expect(table.locator(`[data-row-key="${orderNo}"]`)).toContainText('Not invoiced');
    await page.getByLabel(`Select order ${orderNo}`).check();
  }
  await expect(page.getByTestId('invoice-selection')).toContainText('2 orders selected, total ¥196.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/invoice\/book$/);
  for (const orderNo of orders) await expect(page.getByText(orderNo)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/invoice\/create$/);
  await expect(page.getByTestId('invoice-total')).toContainText('¥196.00');
  const form = page.getByTestId('invoice-application-form');
  await form.getByText('Company', { exact: true }).click();
  await form.getByLabel('Company name').fill(COMPANY.name);
  await form.getByLabel('Tax number').fill('123');
  await form.getByLabel('E-mail for the invoice').fill('finance@example.com');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('A company title needs a tax number of 15-20 letters and digits')).toBeVisible();
  await form.getByLabel('Tax number').fill(COMPANY.taxNo);
  await form.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/invoice\/detail\?no=IV\d+$/);
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText(COMPANY.name);
  await expect(detail).toContainText('¥196.00');
  const invoiceNo = new URL(page.url()).searchParams.get('no')!;

  await page.goto('invoice/record');
  const row = page.getByTestId('invoice-records-table').locator(`[data-row-key="${invoiceNo}"]`);
  await expect(row).toContainText(/Invoicing|Invoiced/);
  // Nuonuo (the fake) answers "issuing" to the first query, then issued; the list polls while it is pending
  await expect(row).toContainText('Invoiced');

  // the link carries no token: the browser's HttpOnly ticket cookie is the session (docs/protocol.md#downloads)
  expect(await row.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).not.toContain('utoken');
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toBe(`invoice-${invoiceNo}.pdf`);

  await page.goto('invoice/order');
  for (const orderNo of orders) {
    await expect(page.getByTestId('invoice-orders-table').locator(`[data-row-key="${orderNo}"]`)).toContainText(
      'Invoiced',
    );
  }
});
