/**
 * The operator console's finance journeys (docs/operations.md#orders, #invoices-china): finance
 * refunds a sandbox-paid order from its page (a reason; the sign-in's second factor is fresh) and
 * the member's order is refunded; on the China server with the manual invoicing provider
 * (support/servers.ts `cn2`), finance uploads the PDF issued in the tax system and the member
 * downloads it; a support account sees no Orders menu nor Refund, and the server refuses it.
 */
import { calls } from '@ac/client';
import { invoicePdfPath } from '@ac/protocol/http-paths';
import { apiClient } from '../support/api-client.ts';
import { clientAddressHeaders } from '../support/client-address.ts';
import { signInNewStaff } from '../support/console.ts';
import { freshUserWithPaidOrders } from '../support/invoice.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('finance refunds a sandbox-paid order and the member’s order shows refunded @cn-only', async ({ page }) => {
  const server = servers.cn;
  const { user, orderNos } = await freshUserWithPaidOrders(server.origin, ['ML2']);
  const orderNo = orderNos[0]!;
  await signInNewStaff(page, server, 'finance');

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  // exact: the dashboard's chart, still shown while Orders opens, has "member" in its label
  await page.getByLabel('Member', { exact: true }).fill(user.account);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByTestId('orders-table').locator(`[data-row-key="${orderNo}"]`);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Sandbox');
  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByTestId('payment-events')).toContainText('Notification');

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('member bought the wrong plan');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toContainText('Refunded');
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  const api = apiClient(server.origin);
  const { utoken } = await api.login(user.account, user.password);
  const list = await api.call(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: utoken });
  expect(list.rows.find((o) => o.orderNo === orderNo)).toMatchObject({ status: 5 });

  await page.getByRole('link', { name: 'Audit' }).click();
  await page.getByLabel('Target').fill(orderNo);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'order.refund' })).toContainText('member bought the wrong plan');
});

test('finance uploads an invoice PDF and the member downloads it @cn-only', async ({ page }) => {
  const server = servers.cn2;
  // cn2's Alipay is the Alipay fake (agreement payments): the order is paid WeChat-style in the sandbox
  const { user, orderNos } = await freshUserWithPaidOrders(server.origin, ['ML2'], 3);
  const api = apiClient(server.origin);
  const { utoken } = await api.login(user.account, user.password);
  const applied = await api.call(
    calls.invoice.create,
    {
      orderNos,
      type: 'ordinary',
      title: { kind: 'personal', name: '张三', taxNo: '', address: '', phone: '', bankName: '', bankAccount: '' },
      email: 'member@example.com',
    },
    { token: utoken },
  );
  expect(applied.status).toBe('invoicing');
  await signInNewStaff(page, server, 'finance');

  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByText('Invoices are issued by hand')).toBeVisible();
  const row = page.getByTestId('invoices-table').locator(`[data-row-key="${applied.invoiceNo}"]`);
  await expect(row).toContainText('Invoicing');
  await row.getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Invoice number').fill('24312000000087654321');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByLabel('Reason').fill('issued in the tax system');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Invoice issued; the member can download it')).toBeVisible();

  const detail = await api.call(calls.invoice.detail, { invoiceNo: applied.invoiceNo }, { token: utoken });
  expect(detail).toMatchObject({ status: 'invoiced' });
  const file = await fetch(`${server.origin}${invoicePdfPath(applied.invoiceNo)}`, {
    headers: { authorization: `Bearer ${utoken}`, ...clientAddressHeaders() },
  });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toContain('application/pdf');
  expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
});

test('a support account sees no Orders and no Refund, and the server refuses the refund @cn-only', async ({ page }) => {
  const server = servers.cn;
  const { user, orderNos } = await freshUserWithPaidOrders(server.origin, ['ML2']);
  const orderNo = orderNos[0]!;
  await signInNewStaff(page, server, 'support');
  await expect(page.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Refund due' })).toHaveCount(0);

  await page.goto(`${server.origin}/admin/orders/${orderNo}`);
  await expect(page.getByText('Your role may not do this')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  // the call itself, from the signed-in page with its CSRF token
  const answer = await page.evaluate(async (no) => {
    const post = (path: string, body: unknown, csrf?: string) =>
      fetch(`/admin/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
        body: JSON.stringify(body),
      });
    const me = (await (await post('/session/me', {})).json()) as { csrfToken: string };
    const res = await post('/orders/refund', { orderNo: no, reason: 'support tries a refund' }, me.csrfToken);
    return { status: res.status, body: (await res.json()) as { code: string } };
  }, orderNo);
  expect(answer).toEqual({ status: 403, body: expect.objectContaining({ code: '2500004' }) });

  // the member's order is as it was
  const api = apiClient(server.origin);
  const { utoken } = await api.login(user.account, user.password);
  const list = await api.call(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: utoken });
  expect(list.rows.find((o) => o.orderNo === orderNo)).toMatchObject({ status: 1 });
});
