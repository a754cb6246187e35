/**
 * Races on one coupon (meaningful on PostgreSQL, the server-pg project; PGlite runs one
 * transaction at a time): every use and release of a coupon queues on its row lock, so
 * neither the total nor the per-user limit is ever passed.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { makeCoupon } from '../../../test/coupon-fixtures.ts';
import { coupons, couponUses, orders } from '../../db/schema/index.ts';

const { t } = commerceAppForTests();

let sent = 0;
const ip = () => `10.252.${(++sent >> 8) & 255}.${sent & 255}`;
const liveUses = (couponId: string) =>
  t.db
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), isNull(couponUses.releasedAt)));
const counter = async (couponId: string) =>
  (await t.db.select().from(coupons).where(eq(coupons.id, couponId)))[0]!.uses;

describe('one single-use coupon', () => {
  it('200 parallel order creations by 200 users: exactly one order gets it', async () => {
    const coupon = await makeCoupon(t, { totalLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => createAccount(t)));
    const answers = await Promise.all(
      buyers.map((b) =>
        callFrom<TOrderDetail>(t, calls.orders.create, { goodsCode: 'ML2', coupon: coupon.code }, b.token, ip()),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.couponUsedUp)).toHaveLength(199);
    const uses = await liveUses(coupon.id);
    expect(uses).toHaveLength(1);
    expect(await counter(coupon.id)).toBe(1);
    const withCoupon = await t.db.select().from(orders).where(eq(orders.couponCode, coupon.code));
    expect(withCoupon.map((o) => o.orderNo)).toEqual([uses[0]!.orderNo]);
  }, 180_000);

  it('20 orders of one user applying it at once, while cancels release it: never two live uses', async () => {
    const who = await createAccount(t);
    const coupon = await makeCoupon(t, { totalLimit: 1 }, [who.userId]);
    const created = await Promise.all(
      Array.from({ length: 20 }, () =>
        callFrom<TOrderDetail>(t, calls.orders.create, { goodsCode: 'ML2' }, who.token, ip()),
      ),
    );
    const nos = created.map((c) => c.data.orderNo);
    const answers = await Promise.all(
      nos.flatMap((orderNo, i) => [
        callFrom(t, calls.orders.coupon, { orderNo, coupon: coupon.code }, who.token, ip()),
        ...(i % 2 ? [callFrom(t, calls.orders.cancel, { orderNo }, who.token, ip())] : []),
      ]),
    );
    expect(answers.every((a) => [Code.ok, Code.couponUsedUp, Code.orderCouponLocked].includes(a.code as never))).toBe(
      true,
    );
    const uses = await liveUses(coupon.id);
    expect(uses.length).toBeLessThanOrEqual(1);
    expect(await counter(coupon.id)).toBe(uses.length);
    // the order holding it is unpaid and says so; every other order holds nothing
    const rows = await t.db.select().from(orders).where(eq(orders.userId, who.userId));
    const holding = rows.filter((o) => o.couponCode === coupon.code && o.status === 0);
    expect(holding.map((o) => o.orderNo)).toEqual(uses.map((u) => u.orderNo));
  });
});

describe('the per-user limit', () => {
  it('30 parallel orders of one user on a coupon allowed twice per user: exactly two get it', async () => {
    const who = await createAccount(t);
    const coupon = await makeCoupon(t, { perUserLimit: 2 }, [who.userId]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        callFrom(t, calls.orders.create, { goodsCode: 'ML2', coupon: coupon.code }, who.token, ip()),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(2);
    expect(codes.filter((c) => c === Code.couponUserLimit)).toHaveLength(28);
    expect(await liveUses(coupon.id)).toHaveLength(2);
  });
});
