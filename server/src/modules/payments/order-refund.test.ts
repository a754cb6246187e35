import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, commerceAppForTests, createAccount, notifySandbox } from '../../../test/commerce-fixtures.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { DAY } from '../../lib/time.ts';

const { t, services: commerce } = commerceAppForTests();

async function paidOrder(who: Account, goodsCode = 'ML2', amount = 3999) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode }, { token: who.token });
  await notifySandbox(t, { orderNo: created.data.orderNo, amount, currency: 'USD' });
  return created.data.orderNo;
}
const { grantOf } = orderRecords(t);
const lengthOf = (m: { startTime: Date; endTime: Date }) => m.endTime.getTime() - m.startTime.getTime();

describe('orders refund (admin)', () => {
  it('refunds part (→ 8) then the rest (→ 5), shortening the membership and the stacked one after it', async () => {
    const who = await createAccount(t);
    const first = await paidOrder(who);
    const second = await paidOrder(who);
    const before = await grantOf(first);
    const stackedBefore = await grantOf(second);

    const partial = await commerce.refunds.refund(first, 1000);
    expect(partial).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1000 });
    const afterPartial = await grantOf(first);
    const cut = lengthOf(before) - lengthOf(afterPartial);
    expect(cut).toBe(Math.round(365 * DAY * (1000 / 3999)));
    expect(partial.endDate).toEqual(afterPartial.endTime);
    const stacked = await grantOf(second);
    expect(stacked.startTime).toEqual(afterPartial.endTime);
    expect(lengthOf(stacked)).toBe(lengthOf(stackedBefore));

    const full = await commerce.refunds.refund(first);
    expect(full).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    const gone = await grantOf(first);
    expect(gone.endTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await grantOf(second)).startTime).toEqual(gone.endTime);
  });

  it('refuses amounts out of range, unpaid orders and refunded orders, changing nothing', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    await expect(commerce.refunds.refund(orderNo, 0)).rejects.toMatchObject({ code: Code.refundInvalid });
    await expect(commerce.refunds.refund(orderNo, 4000)).rejects.toMatchObject({ code: Code.refundInvalid });
    const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: who.token });
    await expect(commerce.refunds.refund(created.data.orderNo)).rejects.toMatchObject({ code: Code.refundInvalid });
    await commerce.refunds.refund(orderNo);
    await expect(commerce.refunds.refund(orderNo, 1)).rejects.toMatchObject({ code: Code.refundInvalid });
    await expect(commerce.refunds.refund('AC0')).rejects.toMatchObject({ code: Code.orderNotFound });
  });

  it('marks paid orders whose service has ended as expired', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who, 'ML1', 1999);
    const { orders } = await import('../../db/schema/index.ts');
    await t.db
      .update(orders)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, orderNo));
    expect(await commerce.payments.expireServed()).toBeGreaterThanOrEqual(1);
    const detail = await t.client.call<TOrderDetail>(calls.orders.detail, { orderNo }, { token: who.token });
    expect(detail.data).toMatchObject({ status: OrderStatus.expired, detailState: 'expired', payState: 1 });
  });
});
