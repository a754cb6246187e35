import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { payNotifyPath } from '@ac/protocol/http-paths';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  commerceAppForTests,
  createAccount,
  notifySandbox,
  postNotify,
  postSandbox,
  SANDBOX_SECRET,
  type SandboxNote,
  sandboxNotification,
} from '../../../test/commerce-fixtures.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { auditLog, paymentNotifications, sandboxPayments } from '../../db/schema/index.ts';
import { DAY } from '../../lib/time.ts';
import { refusedNotifications } from './notify-refusals.ts';
import { NOTIFY_RATE_LIMIT } from './payments.routes.ts';

const { t, buyer } = commerceAppForTests();

async function newOrder(goodsCode = 'ML2', who = buyer) {
  const res = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode }, { token: who.token });
  await t.client.call(calls.payments.pay, { orderNo: res.data.orderNo, payMethod: 2 }, { token: who.token });
  return res.data;
}
const { orderRow, grantsOf } = orderRecords(t);
const notify = (n: SandboxNote, secret?: string) => notifySandbox(t, n, secret);

describe('sandbox notifications', () => {
  it('moves the order to paid and grants the membership in one go, answering "success"', async () => {
    const o = await newOrder();
    const res = await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    const row = await orderRow(o.orderNo);
    expect(row).toMatchObject({ status: OrderStatus.paid, payAmount: 3999, payMethod: 2 });
    const grants = await grantsOf(o.orderNo);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.endTime.getTime() - grants[0]!.startTime.getTime()).toBe(365 * DAY);
    expect(row.startDate).toEqual(grants[0]!.startTime);
    const info = await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: buyer.token });
    expect(info.data.vipInfo).toMatchObject({ goodsCode: 'ML2', accountType: 'premium' });
  });

  it('extends a second purchase of the same goods from the current end', async () => {
    const who = await createAccount(t);
    const first = await newOrder('ML1', who);
    const second = await newOrder('ML1', who);
    await notify({ orderNo: first.orderNo, amount: 1999, currency: 'USD' });
    await notify({ orderNo: second.orderNo, amount: 1999, currency: 'USD' });
    const [a] = await grantsOf(first.orderNo);
    const [b] = await grantsOf(second.orderNo);
    expect(b!.startTime).toEqual(a!.endTime);
    expect(b!.endTime.getTime() - a!.endTime.getTime()).toBe(365 * DAY);
    expect((await orderRow(second.orderNo)).orderType).toBe('automatic');
  });

  it('acknowledges duplicates and out-of-order failures without changing anything', async () => {
    const o = await newOrder();
    const paid = sandboxNotification({ orderNo: o.orderNo, amount: 3999, currency: 'USD' });
    expect((await postSandbox(t, paid)).body).toBe('success');
    const before = await orderRow(o.orderNo);
    expect((await postSandbox(t, paid)).body).toBe('success');
    const late = await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD', status: 'failed' });
    expect(late.body).toBe('success');
    expect(await orderRow(o.orderNo)).toEqual(before);
    expect(await grantsOf(o.orderNo)).toHaveLength(1);
    const outcomes = (
      await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, o.orderNo))
    ).map((n) => n.outcome);
    expect(outcomes.sort()).toEqual(['duplicate', 'granted', 'ignored']);
  });

  it('marks a failed payment 4 and still accepts a later success', async () => {
    const o = await newOrder();
    await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD', status: 'failed' });
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.payFailed);
    await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD' });
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.paid);
  });

  it('refuses to cancel an order whose payment is under way (6)', async () => {
    const o = await newOrder();
    const res = await t.client.call(calls.orders.cancel, { orderNo: o.orderNo }, { token: buyer.token });
    expect(res.code).toBe(Code.orderCannotCancel);
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.unconfirmed);
  });

  it('records a payment for a cancelled order as a refund due: no grant, listed, then refunded', async () => {
    const created = await t.client.call<TOrderDetail>(
      calls.orders.create,
      { goodsCode: 'ML2' },
      { token: buyer.token },
    );
    const { orderNo } = created.data;
    expect((await t.client.call(calls.orders.cancel, { orderNo }, { token: buyer.token })).code).toBe(Code.ok);
    const note = sandboxNotification({ orderNo, amount: 3999, currency: 'USD' });
    expect((await postSandbox(t, note)).body).toBe('success');
    // the gateway retries: the second report is a duplicate
    expect((await postSandbox(t, note)).body).toBe('success');
    const row = await orderRow(orderNo);
    expect(row).toMatchObject({ status: OrderStatus.cancelled, payAmount: 3999, refundAmount: 0 });
    expect(await grantsOf(orderNo)).toHaveLength(0);
    const outcomes = (await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)))
      .map((n) => n.outcome)
      .sort();
    expect(outcomes).toEqual(['duplicate', 'refundDue']);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, 'payment.refundDue'));
    expect(audited.map((a) => (a.detail as { orderNo: string }).orderNo)).toContain(orderNo);

    const services = testServices(t);
    expect((await services.orders.refundDue()).map((o) => o.orderNo)).toContain(orderNo);
    const refunded = await services.refunds.refund(orderNo);
    expect(refunded).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    expect((await services.orders.refundDue()).map((o) => o.orderNo)).not.toContain(orderNo);
  });

  it('refuses a second checkout of an order the gateway already took the money for (2000014) and applies that payment', async () => {
    const o = await newOrder();
    // paid at the sandbox's checkout, its notification not arrived yet: the order still awaits confirmation (6)
    const [attempt] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, o.orderNo));
    await t.db
      .update(sandboxPayments)
      .set({ state: 'paid', decidedAt: new Date() })
      .where(eq(sandboxPayments.tradeNo, attempt!.tradeNo));
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.unconfirmed);
    const again = await t.client.call(calls.payments.pay, { orderNo: o.orderNo, payMethod: 2 }, { token: buyer.token });
    expect(again.code).toBe(Code.orderPaymentInProgress);
    expect(again.msg).toContain('cannot be paid again');
    expect(await orderRow(o.orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, o.orderNo))).toHaveLength(1);
    // a checkout the payer left unpaid does not stand in the way of another one
    const left = await newOrder();
    const retried = await t.client.call(
      calls.payments.pay,
      { orderNo: left.orderNo, payMethod: 2 },
      { token: buyer.token },
    );
    expect(retried.code).toBe(Code.ok);
  });

  it('records a second payment of a paid order as a refund due, once, and lists it', async () => {
    const o = await newOrder();
    const first = sandboxNotification({
      orderNo: o.orderNo,
      amount: 3999,
      currency: 'USD',
      tradeNo: `SBXfirst${o.orderNo}`,
    });
    const second = sandboxNotification({
      orderNo: o.orderNo,
      amount: 3999,
      currency: 'USD',
      tradeNo: `SBXsecond${o.orderNo}`,
    });
    expect((await postSandbox(t, first)).body).toBe('success');
    expect((await postSandbox(t, second)).body).toBe('success');
    // the gateway repeats both: duplicates
    expect((await postSandbox(t, second)).body).toBe('success');
    expect((await postSandbox(t, first)).body).toBe('success');
    const notes = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, o.orderNo));
    expect(notes.map((n) => `${n.tradeNo.slice(0, 9)} ${n.outcome}`).sort()).toEqual([
      'SBXfirstA duplicate',
      'SBXfirstA granted',
      'SBXsecond duplicate',
      'SBXsecond refundDue',
    ]);
    expect(await orderRow(o.orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect(await grantsOf(o.orderNo)).toHaveLength(1);
    expect(await runAdmin(t, 'orders refund-due')).toContain(
      `${o.orderNo}  paid twice: sandbox SBXsecond${o.orderNo} 39.99 USD`,
    );
  });

  it.each([
    ['a tampered amount', { amount: 1 }],
    ['another currency', { currency: 'CNY' }],
    ['another merchant', { merchant: 'someone-else' }],
    ['an unknown order', { orderNo: 'AC20990101000000000000' }],
  ])('refuses %s with 400 and changes nothing', async (_name, change) => {
    const o = await newOrder();
    const res = await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('fail');
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.unconfirmed);
    expect(await grantsOf(o.orderNo)).toHaveLength(0);
  });

  it('refuses a wrong signature, a tampered body and a stale timestamp', async () => {
    const o = await newOrder();
    const forged = await notify({ orderNo: o.orderNo, amount: 3999, currency: 'USD' }, `${SANDBOX_SECRET}x`);
    expect(forged.statusCode).toBe(400);
    const good = sandboxNotification({ orderNo: o.orderNo, amount: 3999, currency: 'USD' });
    const tampered = await postNotify(t, 'sandbox', good.body.replace('3999', '3998'), good.headers);
    expect(tampered.statusCode).toBe(400);
    const { sandboxHeaders } = await import('../../adapters/payments/sandbox-signing.ts');
    const stale = await postNotify(
      t,
      'sandbox',
      good.body,
      sandboxHeaders(SANDBOX_SECRET, good.body, Date.now() - DAY),
    );
    expect(stale.statusCode).toBe(400);
    expect((await orderRow(o.orderNo)).status).toBe(OrderStatus.unconfirmed);
  });

  it('grants exactly once when the same notification arrives 100 times at once', { timeout: 120_000 }, async () => {
    const o = await newOrder();
    const note = sandboxNotification({ orderNo: o.orderNo, amount: 3999, currency: 'USD' });
    // from 100 addresses: the per-IP limit of the notification route stays out of the race
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: payNotifyPath('sandbox'),
          headers: note.headers,
          payload: note.body,
          remoteAddress: `10.77.0.${i + 1}`,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await grantsOf(o.orderNo)).toHaveLength(1);
    const outcomes = (
      await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, o.orderNo))
    ).map((n) => n.outcome);
    expect(outcomes.filter((x) => x === 'granted')).toHaveLength(1);
    expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(99);
  });

  it('counts refused notifications instead of auditing each: 20 refusals, 0 audit rows', async () => {
    const o = await newOrder();
    const before = await t.db.select({ id: auditLog.id }).from(auditLog);
    const counted = () =>
      refusedNotifications().find((r) => r.provider === 'sandbox' && r.reason === Code.paymentMismatch)?.count ?? 0;
    const countedBefore = counted();
    for (let i = 0; i < 20; i++) {
      const res = await notify({ orderNo: o.orderNo, amount: 1, currency: 'USD' });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
    expect(counted() - countedBefore).toBe(20);
  });

  it('limits notifications per IP, answering 429 past the limit', async () => {
    const post = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: payNotifyPath('sandbox'), remoteAddress, payload: '{}' });
    const answers = [];
    for (let i = 0; i < NOTIFY_RATE_LIMIT.max; i++) answers.push((await post('10.0.0.7')).statusCode);
    expect(answers.every((s) => s === 400)).toBe(true);
    expect((await post('10.0.0.7')).statusCode).toBe(429);
    expect((await post('10.0.0.8')).statusCode).toBe(400);
  });

  it('answers 404 for a provider that is not enabled', async () => {
    const res = await postNotify(t, 'alipay', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.notFound });
  });
});
