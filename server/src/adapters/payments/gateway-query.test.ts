/**
 * Reconciliation asks the gateway about an order whose notification never came:
 * alipay.trade.query through the real alipay-sdk, and WeChat Pay's transaction query,
 * each against its local fake (server/test). A paid trade is granted once, a waiting
 * one stays pending, an unknown one unknown; an answer altered after the gateway signed
 * it (a waiting trade made to read as paid) is refused and changes nothing.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod, type TPayMethod } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alipayAppForTests } from '../../../test/alipay-fixtures.ts';
import type { Account } from '../../../test/commerce-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { testServices } from '../../../test/test-app.ts';
import { wechatAppForTests } from '../../../test/wechat-fixtures.ts';
import { memberships, orders } from '../../db/schema/index.ts';

/** An ML2 order (128.00 CNY) whose payment was started with `payMethod`; no notification. */
async function startedOrder(t: TestApp, buyer: Account, payMethod: TPayMethod) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token });
  const orderNo = created.data.orderNo;
  const pay = await t.client.call(calls.payments.pay, { orderNo, payMethod }, { token: buyer.token });
  expect(pay.code).toBe(Code.ok);
  return orderNo;
}
const stateOf = async (t: TestApp, orderNo: string) => ({
  status: (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status,
  grants: (await t.db.select().from(memberships).where(eq(memberships.sourceId, orderNo))).length,
});

describe('Alipay: alipay.trade.query', () => {
  const { t, fake, buyer } = alipayAppForTests();

  it('grants a trade paid at Alipay, keeps a waiting one pending, refuses a forged answer', async () => {
    const waiting = await startedOrder(t, buyer, PayMethod.alipay);
    fake.open(waiting, 12800);
    const paid = await startedOrder(t, buyer, PayMethod.alipay);
    fake.pay(paid, 12800);
    const unknown = await startedOrder(t, buyer, PayMethod.alipay);
    const before = await Promise.all([waiting, paid, unknown].map((o) => stateOf(t, o)));
    expect(before.map((s) => s.grants)).toEqual([0, 0, 0]);

    // every answer altered after Alipay signed it: the waiting trade reads TRADE_SUCCESS
    fake.state.forgeAnswers = 3;
    const forged = await testServices(t).payments.reconcile(0);
    expect(forged.outcomes).toEqual({ error: 3 });
    expect(await Promise.all([waiting, paid, unknown].map((o) => stateOf(t, o)))).toEqual(before);

    const summary = await testServices(t).payments.reconcile(0);
    expect(summary.outcomes).toMatchObject({ pending: 1, unknown: 1 });
    expect(summary.outcomes.error).toBeUndefined();
    expect(await stateOf(t, paid)).toEqual({ status: OrderStatus.paid, grants: 1 });
    expect(await stateOf(t, waiting)).toEqual(before[0]);
    expect(await stateOf(t, unknown)).toEqual(before[2]);
    expect(fake.queries.map((q) => q.biz.out_trade_no).sort()).toEqual(
      [waiting, paid, unknown, waiting, paid, unknown].sort(),
    );
    expect(fake.queries.every((q) => q.verified)).toBe(true);

    // asked again, the paid order is not granted twice
    await testServices(t).payments.reconcile(0);
    expect(await stateOf(t, paid)).toEqual({ status: OrderStatus.paid, grants: 1 });
  });
});

describe('WeChat Pay: the transaction query', () => {
  const { t, fake, buyer } = wechatAppForTests();

  it('refuses an answer whose platform signature does not match it, then grants the genuine paid one', async () => {
    const waiting = await startedOrder(t, buyer, PayMethod.wechat);
    const paid = await startedOrder(t, buyer, PayMethod.wechat);
    fake.pay(paid, 12800);
    const before = await Promise.all([waiting, paid].map((o) => stateOf(t, o)));

    // NOTPAY altered to SUCCESS after signing: a forged payment
    fake.state.forgeAnswers = 2;
    const forged = await testServices(t).payments.reconcile(0);
    expect(forged.outcomes).toEqual({ error: 2 });
    expect(await Promise.all([waiting, paid].map((o) => stateOf(t, o)))).toEqual(before);

    const summary = await testServices(t).payments.reconcile(0);
    expect(summary.outcomes).toMatchObject({ pending: 1 });
    expect(summary.outcomes.error).toBeUndefined();
    expect(await stateOf(t, paid)).toEqual({ status: OrderStatus.paid, grants: 1 });
    expect(await stateOf(t, waiting)).toEqual(before[0]);
  });
});
