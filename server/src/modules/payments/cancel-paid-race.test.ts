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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  commerceEnv,
  createAccount,
  postNotify,
  sandboxNotification,
  testServices,
} from '../../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberships, orders, paymentNotifications } from '../../db/schema/index.ts';

let t: TestApp;
let buyer: Account;
beforeAll(async () => {
  t = await createTestApp({ env: commerceEnv });
  buyer = await createAccount(t);
});
afterAll(async () => {
  await testServices(t).close();
  await t.close();
});

describe('cancel against a paid notification', () => {
  it('either pays (cancel refused) or stays cancelled with a refund due, never both nor neither', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const created = await t.client.call<TOrderDetail>(
        calls.orders.create,
        { goodsCode: 'ML2' },
        { token: buyer.token },
      );
      const { orderNo } = created.data;
      const note = sandboxNotification({ orderNo, amount: 3999, currency: 'USD' });
      const [cancel, notified] = await Promise.all([
        t.client.call(calls.orders.cancel, { orderNo }, { token: buyer.token }),
        postNotify(t, 'sandbox', note.body, note.headers),
      ]);
      expect(notified.body).toBe('success');
      const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const grants = await t.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.sourceType, 'order'), eq(memberships.sourceId, orderNo)));
      const [recorded] = await t.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, orderNo));
      if (cancel.code === Code.ok) {
        seen.add('cancel first');
        expect(order).toMatchObject({ status: OrderStatus.cancelled, payAmount: 3999 });
        expect(grants).toHaveLength(0);
        expect(recorded?.outcome).toBe('refundDue');
      } else {
        seen.add('paid first');
        expect(cancel.code).toBe(Code.orderCannotCancel);
        expect(order?.status).toBe(OrderStatus.paid);
        expect(grants).toHaveLength(1);
        expect(recorded?.outcome).toBe('granted');
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
