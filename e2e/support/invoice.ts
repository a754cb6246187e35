/**
 * Steps of the China invoice journeys (docs/decisions/0010-invoices.md): a
 * fresh account with paid orders to invoice, and the way from the order list
 * to the application form (/invoice/order → /invoice/book → /invoice/create).
 */
import { calls } from '@ac/client';
import type { TGoodsCode } from '@ac/protocol/enums';
import { expect, type Page } from '@playwright/test';
import { apiClient } from './api-client.ts';
import { clientAddressHeaders } from './client-address.ts';
import { createFreshUser, type FreshUser } from './fresh-user.ts';

/**
 * The pay method the sandbox answers on a China server: Alipay-style (2), or WeChat-style (3) on a
 * server whose Alipay is the Alipay fake's (`cn2`, support/servers.ts), which has no page payment.
 */
export type SandboxChinaMethod = 2 | 3;

/**
 * An order of `goodsCode` paid in the sandbox (Alipay-style, method 2, or WeChat-style, 3): the payer's
 * Pay on the sandbox checkout page (the page to open, or the QR code's address) is its form post
 * (server/src/modules/payments/sandbox-checkout.routes.ts), sent without a browser; the journeys
 * start once the order is paid. Its number.
 */
async function paidOrder(
  origin: string,
  token: string,
  goodsCode: TGoodsCode,
  payMethod: SandboxChinaMethod,
): Promise<string> {
  const api = apiClient(origin);
  const order = await api.call(calls.orders.create, { goodsCode }, { token });
  const pay = await api.call(calls.payments.pay, { orderNo: order.orderNo, payMethod }, { token });
  const page = 'payUrl' in pay ? pay.payUrl : 'qrCode' in pay ? pay.qrCode : undefined;
  if (!page) throw new Error('the sandbox answers a page to open or a QR code of its page');
  const checkout = new URL(page, origin);
  const trade = checkout.searchParams.get('trade');
  if (!trade) throw new Error(`no sandbox trade in ${page}`);
  const paid = await fetch(new URL(checkout.pathname, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...clientAddressHeaders() },
    body: new URLSearchParams({ trade, action: 'pay' }),
  });
  expect(await paid.text()).toContain('Payment complete');
  await expect
    .poll(async () => (await api.call(calls.payments.payState, { orderNo: order.orderNo }, { token })).payState)
    .toBe(1);
  return order.orderNo;
}

/** A fresh China account with one paid order of each goods code (in the sandbox, `payMethod`): the user and the order numbers. */
export async function freshUserWithPaidOrders(
  origin: string,
  goodsCodes: TGoodsCode[],
  payMethod: SandboxChinaMethod = 2,
): Promise<{ user: FreshUser; orderNos: string[] }> {
  const user = await createFreshUser(origin, 'cn');
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  const orderNos: string[] = [];
  for (const goodsCode of goodsCodes) orderNos.push(await paidOrder(origin, token, goodsCode, payMethod));
  await api.call(calls.session.logout, {}, { token });
  return { user, orderNos };
}

/**
 * From a page of the invoice area, opens "Issue invoice" in the area's own navigation (no reload),
 * selects the orders and goes on through /invoice/book to the application form.
 */
export async function applicationFormFor(page: Page, orderNos: string[]) {
  await page.getByRole('navigation', { name: 'Invoice pages' }).getByText('Issue invoice').click();
  await expect(page).toHaveURL(/\/invoice\/order$/);
  const table = page.getByTestId('invoice-orders-table');
  for (const orderNo of orderNos) {
    await expect(table.locator(`[data-row-key="${orderNo}"]`)).toContainText('Not invoiced');
    await page.getByLabel(`Select order ${orderNo}`).check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/invoice\/book$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/invoice\/create$/);
  const form = page.getByTestId('invoice-application-form');
  await expect(form).toBeVisible();
  return form;
}
