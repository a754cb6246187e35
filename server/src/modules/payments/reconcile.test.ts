import { calls } from '@ac/protocol/calls';
import type { TOrderDetail, TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commerceAppForTests } from '../../../test/commerce-fixtures.ts';
import { createSandboxRepo } from '../../adapters/payments/sandbox.repo.ts';
import { memberships, orders } from '../../db/schema/index.ts';

const { t, buyer, services: commerce } = commerceAppForTests();

/** An order whose sandbox payment the payer decided, but whose notification never arrived. */
async function decidedAtGateway(result: 'paid' | 'failed' | null) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML1' }, { token: buyer.token });
  const orderNo = created.data.orderNo;
  const pay = await t.client.call<TOrderPayResponse>(
    calls.payments.pay,
    { orderNo, payMethod: 2 },
    { token: buyer.token },
  );
  const trade = new URL('payUrl' in pay.data ? pay.data.payUrl : '').searchParams.get('trade')!;
  if (result) await createSandboxRepo(t.db).decide(trade, result, new Date());
  return orderNo;
}
const statusOf = async (orderNo: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

describe('reconciliation', () => {
  it('asks the gateway about orders awaiting payment and applies what it answers', async () => {
    const paid = await decidedAtGateway('paid');
    const failed = await decidedAtGateway('failed');
    const pending = await decidedAtGateway(null);
    const fresh = await commerce.payments.reconcile(60);
    expect(fresh.checked).toBe(0);
    const summary = await commerce.payments.reconcile(0);
    expect(summary.checked).toBeGreaterThanOrEqual(3);
    expect(summary.outcomes.granted).toBeGreaterThanOrEqual(1);
    expect(await statusOf(paid)).toBe(OrderStatus.paid);
    expect(await statusOf(failed)).toBe(OrderStatus.payFailed);
    expect(await statusOf(pending)).toBe(OrderStatus.unconfirmed);
    expect(await t.db.select().from(memberships).where(eq(memberships.sourceId, paid))).toHaveLength(1);
    const again = await commerce.payments.reconcile(0);
    expect(again.outcomes.granted ?? 0).toBe(0);
  });

  it('confirms an order awaiting confirmation when its pay state is asked', async () => {
    const orderNo = await decidedAtGateway('paid');
    const res = await t.client.call<TOrderPayStateResponse>(
      calls.payments.payState,
      { orderNo },
      { token: buyer.token },
    );
    expect(res.data).toEqual({ payState: 1, status: OrderStatus.paid });
  });
});
