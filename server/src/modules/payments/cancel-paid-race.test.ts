/**
 * A user cancelling an unpaid order while the gateway reports it paid (run
 * with TEST_DB=pg for real concurrency): whichever wins, the money is never
 * lost — either the order is paid (and the cancel refused) or it stays
 * cancelled with the payment recorded as a refund due.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commerceAppForTests, postSandbox, sandboxNotification } from '../../../test/commerce-fixtures.ts';
import { memberships, orders, paymentNotifications } from '../../db/schema/index.ts';

const { t, buyer } = commerceAppForTests();

type Ordering = 'cancel first' | 'paid first';

/** A new unpaid order of the buyer and the gateway's paid notification for it. */
async function unpaidOrder() {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token });
  const { orderNo } = created.data;
  return { orderNo, note: sandboxNotification({ orderNo, amount: 3999, currency: 'USD' }) };
}
const cancel = (orderNo: string) => t.client.call(calls.orders.cancel, { orderNo }, { token: buyer.token });
const notify = (note: ReturnType<typeof sandboxNotification>) => postSandbox(t, note);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks the money is accounted for once, whichever won; answers which one did. */
async function outcomeOf(orderNo: string, cancelCode: string): Promise<Ordering> {
  const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const grants = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.sourceType, 'order'), eq(memberships.sourceId, orderNo)));
  const [recorded] = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
  if (cancelCode === Code.ok) {
    expect(order).toMatchObject({ status: OrderStatus.cancelled, payAmount: 3999 });
    expect(grants).toHaveLength(0);
    expect(recorded?.outcome).toBe('refundDue');
    return 'cancel first';
  }
  expect(cancelCode).toBe(Code.orderCannotCancel);
  expect(order?.status).toBe(OrderStatus.paid);
  expect(grants).toHaveLength(1);
  expect(recorded?.outcome).toBe('granted');
  return 'paid first';
}

describe('cancel against a paid notification', () => {
  it('either pays (cancel refused) or stays cancelled with a refund due, never both nor neither', async () => {
    // Both at once, each started a few milliseconds after the other in turn, until both orderings
    // were seen (at most 60 tries: which one wins depends on the machine, not on the code).
    const seen = new Set<Ordering>();
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const { orderNo, note } = await unpaidOrder();
      const lag = i % 4;
      const [cancelled, notified] = await Promise.all([
        i % 2 ? pause(lag).then(() => cancel(orderNo)) : cancel(orderNo),
        i % 2 ? notify(note) : pause(lag).then(() => notify(note)),
      ]);
      expect(notified.body).toBe('success');
      seen.add(await outcomeOf(orderNo, cancelled.code));
    }
    // An ordering the race never produced here is still checked, one call after the other.
    if (!seen.has('cancel first')) {
      const { orderNo, note } = await unpaidOrder();
      const cancelled = await cancel(orderNo);
      expect((await notify(note)).body).toBe('success');
      expect(await outcomeOf(orderNo, cancelled.code)).toBe('cancel first');
    }
    if (!seen.has('paid first')) {
      const { orderNo, note } = await unpaidOrder();
      expect((await notify(note)).body).toBe('success');
      expect(await outcomeOf(orderNo, (await cancel(orderNo)).code)).toBe('paid first');
    }
  }, 60_000);
});
