/**
 * The 5 GB storage package (docs/product.md#storage-package): bought through the ordinary order and
 * checkout, its payment raises the member's storage quota exactly once (twenty confirmations of the
 * same payment at once), a refund lowers it again, it is never the current membership, and the
 * product centre's answers (userInfo's storage, my products) show it with the over-quota state.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TMyProduct, TOrderDetail } from '@ac/protocol/commerce';
import { GOODS_CODES, OrderStatus, STORAGE_PACKAGE_GOODS } from '@ac/protocol/enums';
import { httpPaths, payNotifyPath } from '@ac/protocol/http-paths';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  commerceAppForTests,
  createAccount,
  sandboxNotification,
} from '../../../test/commerce-fixtures.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { FREE_STORAGE_BYTES } from '../memberships/memberships.service.ts';
import { storageReportHeaders } from './storage-signature.ts';

const SECRET = 'storage-service-secret-of-the-tests-0123456789';
const GIB = 1024 ** 3;
const PRICE = 999;

const { t, services } = commerceAppForTests({ env: { STORAGE_SERVICE_SECRET: SECRET } });
const { orderRow, grantsOf } = orderRecords(t);

const storageOf = async (who: Account) =>
  (await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: who.token })).data;

/** The cloud storage service reports `usedBytes` for the member (its signed server-to-server call). */
async function reportUsed(who: Account, usedBytes: number) {
  const body = JSON.stringify({ usages: [{ userId: who.userId, usedBytes, measuredAt: new Date().toISOString() }] });
  const res = await t.app.inject({
    method: 'POST',
    url: httpPaths.storageUsage,
    headers: storageReportHeaders(SECRET, body),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

/** An order of the package, its sandbox payment started: answers its number and the notification. */
async function packageOrder(who: Account) {
  const created = await t.client.call<TOrderDetail>(
    calls.orders.create,
    { goodsCode: STORAGE_PACKAGE_GOODS },
    { token: who.token },
  );
  expect(created.code).toBe(Code.ok);
  expect(created.data).toMatchObject({ orderAmount: { amount: PRICE, currency: 'USD' } });
  const pay = await t.client.call(
    calls.payments.pay,
    { orderNo: created.data.orderNo, payMethod: 2 },
    { token: who.token },
  );
  expect(pay.code).toBe(Code.ok);
  const note = sandboxNotification({ orderNo: created.data.orderNo, amount: PRICE, currency: 'USD' });
  return { orderNo: created.data.orderNo, note };
}

const confirm = (note: { body: string; headers: Record<string, string> }, i = 0) =>
  t.app.inject({
    method: 'POST',
    url: payNotifyPath('sandbox'),
    headers: note.headers,
    payload: note.body,
    remoteAddress: `10.88.0.${i + 1}`,
  });

describe('the storage package', () => {
  it('is on sale in the catalogue as goods of its own (5 GB, a year)', async () => {
    expect(GOODS_CODES).toContain(STORAGE_PACKAGE_GOODS);
    const res = await t.client.call<{ rows: { goodsCode: string; storageGb: number; durationDays: number }[] }>(
      calls.products.catalog,
      {},
    );
    expect(res.data.rows).toContainEqual(
      expect.objectContaining({
        goodsCode: STORAGE_PACKAGE_GOODS,
        storageGb: 5,
        durationDays: 365,
        serviceType: 'storage',
        price: { amount: PRICE, currency: 'USD' },
      }),
    );
  });

  it('raises the quota by 5 GB exactly once when its payment is confirmed twenty times at once', async () => {
    const who = await createAccount(t);
    const before = await storageOf(who);
    expect(before.storage.total).toBe(FREE_STORAGE_BYTES);
    const { orderNo, note } = await packageOrder(who);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm(note, i)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, serviceType: 'storage' });
    const after = await storageOf(who);
    expect(after.storage.total).toBe(FREE_STORAGE_BYTES + 5 * GIB);
    // storage only: never the current membership
    expect(after.vipInfo).toBeNull();
    const mine = await t.client.call<{ rows: TMyProduct[] }>(calls.memberships.mine, {}, { token: who.token });
    expect(mine.data.rows.map((r) => r.goodsCode)).toContain(STORAGE_PACKAGE_GOODS);
  });

  it('adds to a membership’s storage and leaves the membership the current one', async () => {
    const who = await createAccount(t);
    const member = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: who.token });
    await t.client.call(calls.payments.pay, { orderNo: member.data.orderNo, payMethod: 2 }, { token: who.token });
    await confirm(sandboxNotification({ orderNo: member.data.orderNo, amount: 3999, currency: 'USD' }));
    const { note } = await packageOrder(who);
    await confirm(note);
    const info = await storageOf(who);
    expect(info.storage.total).toBe(FREE_STORAGE_BYTES + 10 * GIB);
    expect(info.vipInfo).toMatchObject({ goodsCode: 'ML2' });
  });

  it('a refund lowers the quota again, and the product centre shows the member over it', async () => {
    const who = await createAccount(t);
    const { orderNo, note } = await packageOrder(who);
    await confirm(note);
    await reportUsed(who, 3 * GIB);
    const bought = await storageOf(who);
    expect(bought.storage).toEqual({
      total: FREE_STORAGE_BYTES + 5 * GIB,
      used: 3 * GIB,
      surplus: FREE_STORAGE_BYTES + 2 * GIB,
      free: FREE_STORAGE_BYTES,
      overQuota: false,
    });
    const refunded = await services.refunds.refund(orderNo);
    expect(refunded).toMatchObject({ status: OrderStatus.refunded, refundAmount: PRICE });
    // the refund ran on the tests' own services, another instance to the app: the app's session cache
    // hears of it when the NOTIFY of its commit arrives (lib/user-changes.ts), later on a busy machine
    await expect.poll(async () => (await storageOf(who)).storage.total, { timeout: 20_000 }).toBe(FREE_STORAGE_BYTES);
    const after = await storageOf(who);
    expect(after.storage).toEqual({
      total: FREE_STORAGE_BYTES,
      used: 3 * GIB,
      surplus: 0,
      free: FREE_STORAGE_BYTES,
      overQuota: true,
    });
  });
});
