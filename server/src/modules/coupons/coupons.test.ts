import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import type { TCoupon, TCouponOffers } from '@ac/protocol/coupons';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  callFrom,
  commerceAppForTests,
  createAccount,
  notifySandbox,
} from '../../../test/commerce-fixtures.ts';
import { makeCoupon } from '../../../test/coupon-fixtures.ts';
import { coupons, orders, paymentAttempts } from '../../db/schema/index.ts';
import { DAY, MINUTE } from '../../lib/time.ts';
import { COUPON_HOLD_MINUTES } from './coupon-rules.ts';

const { t, buyer, services } = commerceAppForTests();

// each call from its own address: order/create and order/coupon allow 30 a minute per address
let sent = 0;
const call = <T>(contract: Parameters<typeof callFrom>[1], payload: object, who: Account = buyer) =>
  callFrom<T>(t, contract, payload, who.token, `10.251.${(++sent >> 8) & 255}.${sent & 255}`);
const create = (payload: object, who?: Account) => call<TOrderDetail>(calls.orders.create, payload, who);
const apply = (orderNo: string, coupon: string | null, who?: Account) =>
  call<TOrderDetail>(calls.orders.coupon, { orderNo, coupon }, who);
const list = (tab: string, who?: Account) => call<TList<TCoupon>>(calls.coupons.list, { tab }, who);
const usesOf = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.uses;

describe('order/create with a coupon', () => {
  it('records the coupon and the discount; the gateway is asked for the discounted amount', async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, {}, [who.userId]);
    const res = await create({ goodsCode: 'ML2', coupon: c.code.toLowerCase() }, who);
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({
      couponCode: c.code,
      orderAmount: { amount: 3999, currency: 'USD' },
      discountAmount: { amount: 1000, currency: 'USD' },
      dueAmount: { amount: 2999, currency: 'USD' },
    });
    expect(await usesOf(c.code)).toBe(1);

    const { orderNo } = res.data;
    expect((await call(calls.payments.pay, { orderNo, payMethod: 7 }, who)).code).toBe(Code.ok);
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderNo, orderNo));
    expect(attempt?.amount).toBe(2999);
    // a report of the list price does not match the order; the discounted amount does
    expect((await notifySandbox(t, { orderNo, amount: 3999, currency: 'USD' })).body).not.toBe('success');
    expect((await notifySandbox(t, { orderNo, amount: 2999, currency: 'USD' })).body).toBe('success');
    const detail = await call<TOrderDetail>(calls.orders.detail, { orderNo }, who);
    expect(detail.data).toMatchObject({ status: OrderStatus.paid, payAmount: { amount: 2999 }, couponCode: c.code });

    const used = await list('used', who);
    expect(used.data.rows).toEqual([expect.objectContaining({ code: c.code, tab: 'used', lastOrderNo: orderNo })]);
    expect((await list('unused', who)).data.rows).toEqual([]);
  });

  it('takes a percentage rounded down, and never leaves less than the minimum charge', async () => {
    const who = await createAccount(t);
    const pct = await makeCoupon(t, { kind: 'percent', percentOff: 15, currency: undefined, perUserLimit: 5 });
    // ML3 at 69.99 × 3 = 209.97; 15 % = 31.4955 → 31.49 off
    const three = await create({ goodsCode: 'ML3', quantity: 3, coupon: pct.code }, who);
    expect(three.data).toMatchObject({ discountAmount: { amount: 3149 }, dueAmount: { amount: 20997 - 3149 } });
    const all = await makeCoupon(t, { kind: 'percent', percentOff: 100, currency: undefined });
    expect((await create({ goodsCode: 'ML2', coupon: all.code }, who)).data.dueAmount.amount).toBe(50);
    const big = await makeCoupon(t, { amountOff: 100_000 });
    expect((await create({ goodsCode: 'ML2', coupon: big.code }, who)).data.dueAmount.amount).toBe(50);
  });

  it('refuses each rule with its code and leaves no order behind', async () => {
    const who = await createAccount(t);
    const someoneElse = await createAccount(t);
    const at = Date.now();
    const cases: [Promise<{ code: string }>, string][] = [
      [makeCoupon(t, {}, [someoneElse.userId]), Code.couponInvalid],
      [makeCoupon(t, { validFrom: new Date(at + DAY), validTo: new Date(at + 2 * DAY) }), Code.couponNotYetValid],
      [makeCoupon(t, { validFrom: new Date(at - 2 * DAY), validTo: new Date(at - DAY) }), Code.couponExpired],
      [makeCoupon(t, { goodsCodes: ['ML3'] }), Code.couponNotApplicable],
      [makeCoupon(t, { currency: 'CNY' }), Code.couponNotApplicable],
      [
        makeCoupon(t, { totalLimit: 1 }).then(async (c) => {
          await create({ goodsCode: 'ML2', coupon: c.code });
          return c;
        }),
        Code.couponUsedUp,
      ],
    ];
    for (const [made, expected] of cases) {
      const c = await made;
      const before = await t.db.select().from(orders).where(eq(orders.userId, who.userId));
      expect((await create({ goodsCode: 'ML2', coupon: c.code }, who)).code).toBe(expected);
      expect(await t.db.select().from(orders).where(eq(orders.userId, who.userId))).toHaveLength(before.length);
    }
    const voided = await makeCoupon(t);
    await services.couponAdmin.void(voided.code);
    expect((await create({ goodsCode: 'ML2', coupon: voided.code }, who)).code).toBe(Code.couponInvalid);
    expect((await create({ goodsCode: 'ML2', coupon: 'NOSUCHCOUPON' }, who)).code).toBe(Code.couponInvalid);
    const once = await makeCoupon(t, { perUserLimit: 1 });
    expect((await create({ goodsCode: 'ML2', coupon: once.code }, who)).code).toBe(Code.ok);
    expect((await create({ goodsCode: 'ML2', coupon: once.code }, who)).code).toBe(Code.couponUserLimit);
    expect((await create({ goodsCode: 'ML2', coupon: 'x' }, who)).code).toBe(Code.couponInvalid);
  });
});

describe('order/coupon and order/couponOffers', () => {
  it('offers the granted coupons that apply, applies, replaces and removes one', async () => {
    const who = await createAccount(t);
    const ten = await makeCoupon(t, {}, [who.userId]);
    const fifth = await makeCoupon(t, { kind: 'percent', percentOff: 20, currency: undefined }, [who.userId]);
    await makeCoupon(t, { goodsCodes: ['ML3'] }, [who.userId]);
    await makeCoupon(t); // public, not granted: typed, never offered
    const { orderNo } = (await create({ goodsCode: 'ML2' }, who)).data;

    const offers = await call<TCouponOffers>(calls.orders.couponOffers, { orderNo }, who);
    expect(offers.data.applied).toBeNull();
    expect(offers.data.rows.map((r) => [r.code, r.discount.amount, r.dueAmount.amount])).toEqual([
      [ten.code, 1000, 2999],
      [fifth.code, 799, 3200],
    ]);

    expect((await apply(orderNo, ten.code, who)).data).toMatchObject({
      couponCode: ten.code,
      dueAmount: { amount: 2999 },
    });
    const held = await call<TCouponOffers>(calls.orders.couponOffers, { orderNo }, who);
    expect(held.data.applied).toBe(ten.code);
    expect(held.data.rows.map((r) => r.code)).toContain(ten.code);

    expect((await apply(orderNo, fifth.code, who)).data).toMatchObject({
      couponCode: fifth.code,
      discountAmount: { amount: 799 },
    });
    expect([await usesOf(ten.code), await usesOf(fifth.code)]).toEqual([0, 1]);
    // a refused coupon leaves the one held
    expect((await apply(orderNo, 'NOSUCHCOUPON', who)).code).toBe(Code.couponInvalid);
    expect((await call<TOrderDetail>(calls.orders.detail, { orderNo }, who)).data.couponCode).toBe(fifth.code);
    expect((await apply(orderNo, null, who)).data).toMatchObject({ couponCode: null, dueAmount: { amount: 3999 } });
    expect(await usesOf(fifth.code)).toBe(0);
  });

  it("refuses another user's order and an order whose payment has started", async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, {}, [who.userId]);
    const { orderNo } = (await create({ goodsCode: 'ML2' }, who)).data;
    expect((await apply(orderNo, c.code)).code).toBe(Code.orderNotFound);
    expect((await call(calls.orders.couponOffers, { orderNo })).code).toBe(Code.orderNotFound);
    await call(calls.payments.pay, { orderNo, payMethod: 7 }, who);
    expect((await apply(orderNo, c.code, who)).code).toBe(Code.orderCouponLocked);
    expect((await call<TCouponOffers>(calls.orders.couponOffers, { orderNo }, who)).data.rows).toEqual([]);
    expect((await apply(orderNo, '', who)).code).toBe(Code.invalidParam);
  });
});

describe('releasing a coupon', () => {
  it('releases it when the order is cancelled, so it can be used again', async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, { totalLimit: 1 }, [who.userId]);
    const first = (await create({ goodsCode: 'ML2', coupon: c.code }, who)).data;
    expect((await create({ goodsCode: 'ML2', coupon: c.code }, who)).code).toBe(Code.couponUsedUp);
    expect((await call(calls.orders.cancel, { orderNo: first.orderNo }, who)).code).toBe(Code.ok);
    expect(await usesOf(c.code)).toBe(0);
    expect((await list('unused', who)).data.rows.map((r) => r.code)).toEqual([c.code]);
    expect((await create({ goodsCode: 'ML2', coupon: c.code }, who)).code).toBe(Code.ok);
  });

  it(`cancels unpaid and failed orders that held one for ${COUPON_HOLD_MINUTES} minutes, and releases it`, async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, { perUserLimit: 3 }, [who.userId]);
    const make = async () => (await create({ goodsCode: 'ML2', coupon: c.code }, who)).data.orderNo;
    const [stale, failed, fresh] = [await make(), await make(), await make()];
    const old = new Date(Date.now() - (COUPON_HOLD_MINUTES + 1) * MINUTE);
    await t.db.update(orders).set({ updatedAt: old }).where(eq(orders.orderNo, stale));
    await t.db.update(orders).set({ updatedAt: old, status: OrderStatus.payFailed }).where(eq(orders.orderNo, failed));
    expect(await services.orders.expireCouponHolds()).toBeGreaterThanOrEqual(2);
    const statusOf = async (no: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, no)))[0]!.status;
    expect([await statusOf(stale), await statusOf(failed), await statusOf(fresh)]).toEqual([
      OrderStatus.cancelled,
      OrderStatus.cancelled,
      OrderStatus.unpaid,
    ]);
    expect(await usesOf(c.code)).toBe(1);
  });

  it("releases the coupons of an account's unpaid orders when the account is deleted", async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, { totalLimit: 1 }, [who.userId]);
    await create({ goodsCode: 'ML2', coupon: c.code }, who);
    await t.db.transaction((tx) => services.orders.detachUser(who.userId, new Date(), tx));
    expect(await usesOf(c.code)).toBe(0);
  });

  it('does not release it on a refund', async () => {
    const who = await createAccount(t);
    const c = await makeCoupon(t, {}, [who.userId]);
    const { orderNo } = (await create({ goodsCode: 'ML2', coupon: c.code }, who)).data;
    await call(calls.payments.pay, { orderNo, payMethod: 7 }, who);
    await notifySandbox(t, { orderNo, amount: 2999, currency: 'USD' });
    await services.payments.refund(orderNo);
    expect((await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]).toMatchObject({
      status: OrderStatus.refunded,
      refundAmount: 2999,
    });
    expect(await usesOf(c.code)).toBe(1);
    expect((await list('used', who)).data.rows.map((r) => r.code)).toEqual([c.code]);
  });
});

describe('coupon/list', () => {
  it('sorts my coupons into unused, used and expired', async () => {
    const who = await createAccount(t);
    const at = Date.now();
    const soon = await makeCoupon(t, { goodsCodes: ['ML2', 'ML3'], perUserLimit: 2 }, [who.userId]);
    const later = await makeCoupon(t, { validFrom: new Date(at + DAY), validTo: new Date(at + 60 * DAY) }, [
      who.userId,
    ]);
    const ended = await makeCoupon(t, { validFrom: new Date(at - 9 * DAY), validTo: new Date(at - DAY) }, [who.userId]);
    const gone = await makeCoupon(t, {}, [who.userId]);
    await services.couponAdmin.void(gone.code);
    await create({ goodsCode: 'ML2', coupon: soon.code }, who);

    const unused = (await list('unused', who)).data;
    expect(unused.rows.map((r) => r.code)).toEqual([soon.code, later.code]);
    expect(unused.rows[0]).toMatchObject({
      kind: 'amount',
      amountOff: { amount: 1000, currency: 'USD' },
      percentOff: null,
      goodsCodes: ['ML2', 'ML3'],
      perUserLimit: 2,
      usesLeft: 1,
      tab: 'unused',
    });
    expect((await list('expired', who)).data.rows.map((r) => r.code).sort()).toEqual([ended.code, gone.code].sort());
    expect((await list('used', who)).data.rows).toEqual([]);
    expect((await list('nope', who)).code).toBe(Code.invalidParam);
    expect((await t.client.call(calls.coupons.list, {})).code).toBe(Code.sessionExpired);
  });
});
