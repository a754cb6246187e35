/**
 * The hourly expiry (jobs/scheduled-jobs.ts `orders-expire`) leaves an order alone while a refund
 * asked of WeChat Pay or Alipay is still open: the gateway's confirmation must still find the order
 * paid to record the refund (an expired order is terminal). Once the refund is settled the order
 * expires as usual. Through the gateways' local fakes.
 */
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alipayAppForTests, paidAlipayOrder } from '../../../test/alipay-fixtures.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { type TestApp, testServices } from '../../../test/test-app.ts';
import { paidWechatOrder, wechatAppForTests } from '../../../test/wechat-fixtures.ts';
import { orders } from '../../db/schema/index.ts';
import { scheduledJobs } from '../jobs/scheduled-jobs.ts';

/** Runs the hourly expiry job as the queue runs it. */
const runHourlyExpiry = (t: TestApp) => scheduledJobs(testServices(t))['orders-expire'][1]();
/** The order's service period has ended (the membership it granted is not touched). */
const endService = (t: TestApp, orderNo: string) =>
  t.db
    .update(orders)
    .set({ endDate: new Date(Date.now() - 1000) })
    .where(eq(orders.orderNo, orderNo));

describe('WeChat Pay: a refund awaiting its notification', () => {
  const { t, fake, buyer } = wechatAppForTests();
  const { orderRow, refundRequestsOf } = orderRecords(t);

  it('keeps the order out of the expiry until the refund is confirmed, then the refund is recorded', async () => {
    const { orderNo } = await paidWechatOrder(t, fake, buyer);
    fake.state.notify = false;
    try {
      const asked = await testServices(t).payments.refund(orderNo, 3000);
      expect(asked.kind).toBe('requested');
    } finally {
      fake.state.notify = true;
    }
    expect(await refundRequestsOf(orderNo)).toMatchObject([{ state: 'open', amount: 3000 }]);
    await endService(t, orderNo);

    await runHourlyExpiry(t);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid });

    // the missed notification: reconciliation queries WeChat Pay, which says the refund succeeded
    await testServices(t).payments.reconcile(0);
    expect(await refundRequestsOf(orderNo)).toMatchObject([{ state: 'succeeded' }]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 3000 });

    // nothing open any more: the next run ends it when its (shortened) period is over
    await endService(t, orderNo);
    await runHourlyExpiry(t);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.expired, refundAmount: 3000 });
  });
});

describe('Alipay: a refund whose answer was lost', () => {
  const { t, fake, buyer } = alipayAppForTests();
  const { orderRow, refundRequestsOf } = orderRecords(t);

  it('keeps the order out of the expiry while the request is open; another ended order still expires', async () => {
    const open = await paidAlipayOrder(t, fake, buyer);
    const other = await paidAlipayOrder(t, fake, buyer);
    fake.state.loseAnswers = 1;
    await expect(testServices(t).payments.refund(open.orderNo)).rejects.toBeDefined();
    expect(await refundRequestsOf(open.orderNo)).toMatchObject([{ state: 'open', amount: 12800 }]);
    await endService(t, open.orderNo);
    await endService(t, other.orderNo);

    await runHourlyExpiry(t);
    expect(await orderRow(open.orderNo)).toMatchObject({ status: OrderStatus.paid });
    expect(await orderRow(other.orderNo)).toMatchObject({ status: OrderStatus.expired });

    await testServices(t).payments.reconcile(0);
    expect(await orderRow(open.orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
  });
});
