/**
 * Refunds asked at once of one order never exceed what was paid, and one refund is made once
 * however many commands, queries and answers meet (docs/decisions/0026-gateway-refunds.md).
 * Through the Alipay fake, whose answers confirm at once; real concurrency in the server-pg
 * project (TEST_DATABASE_URL), where the reservations race on the order's row lock.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { alipayAppForTests, paidAlipayOrder } from '../../../test/alipay-fixtures.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { testServices } from '../../../test/test-app.ts';
import { AppError } from '../../lib/app-error.ts';

const { t, fake, buyer } = alipayAppForTests();
const { orderRow, refundRequestsOf: requestsOf } = orderRecords(t);
/** Each promise's outcome: the result kind, or the catalogue code it was refused with. */
const settle = (all: Promise<{ kind: string }>[]) =>
  Promise.all(
    all.map((p) =>
      p.then(
        (r) => r.kind,
        (e: unknown) => {
          if (e instanceof AppError) return e.code;
          throw e;
        },
      ),
    ),
  );

describe('concurrent refunds of one order', () => {
  it('twelve different partial refunds at once: what is refunded never exceeds the paid 128.00', async () => {
    const { orderNo } = await paidAlipayOrder(t, fake, buyer);
    const amounts = Array.from({ length: 12 }, (_, i) => 2000 + i * 100);
    const outcomes = await settle(amounts.map((a) => testServices(t).payments.refund(orderNo, a)));
    expect(new Set(outcomes)).toEqual(new Set(['refunded', Code.refundInvalid]));

    const order = await orderRow(orderNo);
    const succeeded = (await requestsOf(orderNo)).filter((r) => r.state === 'succeeded');
    const total = succeeded.reduce((n, r) => n + r.amount, 0);
    expect(total).toBeLessThanOrEqual(12800);
    expect(order.refundAmount).toBe(total);
    expect(fake.trades.get(orderNo)?.refunded).toBe(total);
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(succeeded.length);
    // every refused one was refused by us, before Alipay was asked
    expect(fake.calls.filter((c) => c.biz.out_trade_no === orderNo && c.method === 'alipay.trade.refund')).toHaveLength(
      succeeded.length,
    );
    expect(await requestsOf(orderNo)).toHaveLength(succeeded.length);
  });

  it('ten full refunds at once refund once', async () => {
    const { orderNo } = await paidAlipayOrder(t, fake, buyer);
    const outcomes = await settle(Array.from({ length: 10 }, () => testServices(t).payments.refund(orderNo)));
    expect(outcomes.every((o) => o === 'refunded' || o === Code.refundInvalid)).toBe(true);
    expect(await requestsOf(orderNo)).toMatchObject([{ refundNo: `${orderNo}R01`, amount: 12800, state: 'succeeded' }]);
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
  });

  it('a lost answer asked again while reconciliation queries it: recorded once', async () => {
    const { orderNo } = await paidAlipayOrder(t, fake, buyer);
    fake.state.loseAnswers = 1;
    await expect(testServices(t).payments.refund(orderNo, 4000)).rejects.toMatchObject({
      code: Code.paymentProviderFailed,
    });
    const services = testServices(t);
    await Promise.all([
      services.payments.refund(orderNo, 4000),
      services.payments.reconcile(0),
      services.payments.reconcile(0),
    ]);
    expect(await requestsOf(orderNo)).toMatchObject([{ amount: 4000, state: 'succeeded' }]);
    expect(fake.trades.get(orderNo)?.refunded).toBe(4000);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 4000 });
  });
});
