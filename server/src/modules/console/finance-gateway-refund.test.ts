/**
 * The console's refund through a gateway with a refund API (Alipay, through its fake): asked of
 * Alipay under our refund number, recorded when it confirms; two staff refunding the order at once
 * make one refund at Alipay (the second meets the first's open request on the order's row lock).
 */
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alipayAppForTests, paidAlipayOrder } from '../../../test/alipay-fixtures.ts';
import { consoleClient, createStaffOfEachRole } from '../../../test/console-client.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { testServices } from '../../../test/test-app.ts';
import { staffAudit } from '../../db/schema/index.ts';

const { t, fake, buyer } = alipayAppForTests();
const { orderRow, refundRequestsOf } = orderRecords(t);
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'fg');
});
const auditOf = (orderNo: string) => t.db.select().from(staffAudit).where(eq(staffAudit.targetId, orderNo));

describe('console refunds through Alipay', () => {
  it('shows the payment and refunds part through Alipay', async () => {
    const { orderNo, tradeNo } = await paidAlipayOrder(t, fake, buyer);
    const finance = consoleClient(t.app);
    await finance.signIn(staff.finance);
    const detail = await finance.call(cc.orders.detail, { orderNo });
    expect(detail.body).toMatchObject({ refundThrough: 'gateway', refundable: 12800, order: { provider: 'alipay' } });
    expect(detail.body.events).toContainEqual(expect.objectContaining({ tradeNo, outcome: 'granted' }));
    const part = await finance.call(cc.orders.refund, { orderNo, amount: 2800, reason: 'partial goodwill' });
    expect(part).toMatchObject({
      status: 200,
      body: { kind: 'refunded', provider: 'alipay', refundNo: `${orderNo}R01`, amount: 2800, refundAmount: 2800 },
    });
    expect(fake.trades.get(orderNo)?.refunded).toBe(2800);
    const after = await finance.call(cc.orders.detail, { orderNo });
    expect(after.body.refunds).toMatchObject([{ refundNo: `${orderNo}R01`, state: 'succeeded', amount: 2800 }]);
    expect((await auditOf(orderNo))[0]).toMatchObject({
      action: 'order.refund',
      reason: 'partial goodwill',
      after: { refundNo: `${orderNo}R01`, provider: 'alipay', amount: 2800, repeated: false },
    });
  });

  it('two staff refunding the whole order at once: one refund at Alipay', async () => {
    const { orderNo } = await paidAlipayOrder(t, fake, buyer);
    const a = consoleClient(t.app);
    const b = consoleClient(t.app);
    await a.signIn(staff.finance);
    await b.signIn(staff.admin);
    const answers = await Promise.all([
      a.call(cc.orders.refund, { orderNo, reason: 'charged by mistake' }),
      b.call(cc.orders.refund, { orderNo, reason: 'charged by mistake' }),
    ]);
    // the second finds nothing left (2000010) or the first's open request, asked again under its number
    for (const x of answers) expect([200, 400]).toContain(x.status);
    expect(await refundRequestsOf(orderNo)).toMatchObject([
      { refundNo: `${orderNo}R01`, amount: 12800, state: 'succeeded' },
    ]);
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
    const rows = await auditOf(orderNo);
    expect(rows.filter((r) => (r.after as { repeated: boolean }).repeated === false)).toHaveLength(1);
  });
});
