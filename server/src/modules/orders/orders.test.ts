import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import type { CallContract } from '@ac/protocol/contract';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  callFrom,
  commerceAppForTests,
  createAccount,
  createOrder,
} from '../../../test/commerce-fixtures.ts';
import { filledBeforeAll } from '../../../test/filled-before-all.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { auditLog, orders, paymentAttempts } from '../../db/schema/index.ts';

const { t, buyer } = commerceAppForTests();
const other = filledBeforeAll(() => createAccount(t));

// Each call from its own address: this file makes more calls than the per-IP limit of create allows a minute.
let sent = 0;
const callTo = <T>(contract: CallContract, payload: object, who: Account) =>
  callFrom<T>(t, contract, payload, who.token, `10.250.${(++sent >> 8) & 255}.${sent & 255}`);
const call = <T>(name: keyof typeof calls.orders, payload: object, who: Account = buyer) =>
  callTo<T>(calls.orders[name], payload, who);
const pay = <T>(name: keyof typeof calls.payments, payload: object, who: Account = buyer) =>
  callTo<T>(calls.payments[name], payload, who);
const create = (payload: object = { goodsCode: 'ML2' }, who?: Account) => call<TOrderDetail>('create', payload, who);
const setStatus = (orderNo: string, status: number) =>
  t.db.update(orders).set({ status }).where(eq(orders.orderNo, orderNo));

describe('order/create', () => {
  it('creates an unpaid order priced from the catalogue in the region currency', async () => {
    const res = await create({ goodsCode: 'ML3', quantity: 2 });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({
      goodsCode: 'ML3',
      goodsName: 'Viewer Professional',
      status: OrderStatus.unpaid,
      payState: 0,
      detailState: 'pending',
      orderType: 'automatic',
      orderAmount: { amount: 6999 * 2, currency: 'USD' },
      payAmount: { amount: 0, currency: 'USD' },
      lines: [
        { goodsCode: 'ML3', quantity: 2, unitPrice: { amount: 6999 }, amount: { amount: 13998 }, durationDays: 730 },
      ],
    });
    expect(res.data.orderNo).toMatch(/^AC\d{20}$/);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.event, 'order.created'));
    expect(audit?.userId).toBe(buyer.userId);
  });

  it('draws unique, unguessable order numbers', async () => {
    const nos = await Promise.all(Array.from({ length: 10 }, () => create().then((r) => r.data.orderNo)));
    expect(new Set(nos).size).toBe(10);
    const tails = nos.map((n) => Number(n.slice(-12))).sort((a, b) => a - b);
    expect(tails.some((v, i) => i > 0 && v - tails[i - 1]! === 1)).toBe(false);
  });

  it('refuses unknown goods, bad quantities, an unknown coupon and a missing session', async () => {
    expect((await create({ goodsCode: 'NOPE' })).code).toBe(Code.invalidParam);
    expect((await create({ goodsCode: 'ML2', quantity: 0 })).code).toBe(Code.invalidParam);
    expect((await create({ goodsCode: 'ML2', quantity: 11 })).code).toBe(Code.invalidParam);
    expect((await create({ goodsCode: 'ML2', coupon: 'SAVE10' })).code).toBe(Code.couponInvalid);
    expect((await t.client.call(calls.orders.create, { goodsCode: 'ML2' })).code).toBe(Code.sessionExpired);
  });
});

describe('order/detail', () => {
  it("answers only the owner's orders", async () => {
    const { orderNo } = (await create()).data;
    expect((await call<TOrderDetail>('detail', { orderNo })).data.orderNo).toBe(orderNo);
    expect((await call('detail', { orderNo }, other)).code).toBe(Code.orderNotFound);
    expect((await call('detail', { orderNo: 'AC0' })).code).toBe(Code.orderNotFound);
  });
});

describe('order/cancel', () => {
  it('cancels an unpaid order (0)', async () => {
    const { orderNo } = (await create()).data;
    expect((await call('cancel', { orderNo })).code).toBe(Code.ok);
    const detail = await call<TOrderDetail>('detail', { orderNo });
    expect(detail.data).toMatchObject({ status: OrderStatus.cancelled, detailState: 'cancelled' });
  });

  it.each([
    [OrderStatus.unconfirmed, 'unconfirmed'],
    [OrderStatus.paid, 'paid'],
    [OrderStatus.cancelled, 'cancelled'],
    [OrderStatus.expired, 'expired'],
    [OrderStatus.payFailed, 'payFailed'],
    [OrderStatus.refunded, 'refunded'],
    [OrderStatus.conversionDue, 'conversionDue'],
    [OrderStatus.partiallyRefunded, 'partiallyRefunded'],
  ])('refuses an order in status %i with "cannot cancel the order of %s"', async (status, name) => {
    const { orderNo } = (await create()).data;
    await setStatus(orderNo, status);
    const res = await call('cancel', { orderNo });
    expect(res.code).toBe(Code.orderCannotCancel);
    expect(res.msg).toBe(`Cannot cancel the order of ${name}`);
    expect((await call<TOrderDetail>('detail', { orderNo })).data.status).toBe(status);
  });

  it("refuses another user's order and lets only one of two concurrent cancels succeed", async () => {
    const { orderNo } = (await create()).data;
    expect((await call('cancel', { orderNo }, other)).code).toBe(Code.orderNotFound);
    const codes = (await Promise.all([call('cancel', { orderNo }), call('cancel', { orderNo })])).map((r) => r.code);
    expect(codes.sort()).toEqual([Code.ok, Code.orderCannotCancel].sort());
  });
});

describe('order/pay and order/payState', () => {
  it('answers a sandbox payUrl for page methods and a qrCode for WeChat; the order awaits confirmation', async () => {
    const { orderNo } = (await create()).data;
    const page = await pay<TOrderPayResponse>('pay', { orderNo, payMethod: 2 });
    expect(page.code).toBe(Code.ok);
    expect(page.data).toEqual({ payUrl: expect.stringMatching(/\/order\/v5\/pay\/sandbox\/checkout\?trade=SBX/) });
    const qr = await pay<TOrderPayResponse>('pay', { orderNo, payMethod: 3 });
    expect(qr.data).toEqual({ qrCode: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\/order\/v5\/pay\/sandbox/) });
    const state = await pay<TOrderPayStateResponse>('payState', { orderNo });
    expect(state.data).toEqual({ payState: 0, status: OrderStatus.unconfirmed });
    const attempts = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderNo, orderNo));
    expect(attempts.map((a) => [a.provider, a.payMethod])).toEqual(
      expect.arrayContaining([
        ['sandbox', 2],
        ['sandbox', 3],
      ]),
    );
  });

  it('refuses paying a cancelled or paid order, an unknown method and a stranger', async () => {
    const { orderNo } = (await create()).data;
    expect((await pay('pay', { orderNo, payMethod: 5 })).code).toBe(Code.invalidParam);
    expect((await pay('pay', { orderNo, payMethod: 2 }, other)).code).toBe(Code.orderNotFound);
    await setStatus(orderNo, OrderStatus.paid);
    const paid = await pay('pay', { orderNo, payMethod: 2 });
    expect(paid.code).toBe(Code.orderNotPayable);
    expect(paid.msg).toBe('The order of paid cannot be paid');
    expect((await pay<TOrderPayStateResponse>('payState', { orderNo })).data).toEqual({ payState: 1, status: 1 });
    expect((await pay('payState', { orderNo }, other)).code).toBe(Code.orderNotFound);
  });
});

describe('without a payment gateway', () => {
  it('answers 2000006 for every pay method', async () => {
    const bare = await createTestApp({ env: { PAYMENT_PROVIDERS: '' } });
    try {
      const who = await createAccount(bare);
      const created = await createOrder(bare, who, 'ML1');
      const res = await bare.client.call(
        calls.payments.pay,
        { orderNo: created.data.orderNo, payMethod: 2 },
        { token: who.token },
      );
      expect(res.code).toBe(Code.payMethodUnavailable);
      const [row] = await bare.db.select().from(orders).where(eq(orders.orderNo, created.data.orderNo));
      expect(row?.status).toBe(OrderStatus.unpaid);
    } finally {
      await bare.close();
    }
  });
});
