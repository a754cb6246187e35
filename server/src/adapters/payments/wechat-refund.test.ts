/**
 * WeChat Pay refunds against a local fake of the API v3 (server/test/fake-wechatpay.ts: it
 * verifies our WECHATPAY2-SHA256-RSA2048 signature and signs its answers and notifications):
 * POST /v3/refund/domestic/refunds answered PROCESSING, the REFUND.SUCCESS notification
 * (AES-256-GCM resource) confirming it — accepted once; forged, tampered and wrong-amount ones
 * refused — REFUND.ABNORMAL failing it, GET …/refunds/{out_refund_no} for a lost answer or
 * notification, and WeChat Pay's refusals as catalogue codes. Also run on PostgreSQL.
 */
import { generateKeyPairSync } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { platformHeaders, wechatNotification } from '../../../test/fake-wechatpay.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import {
  postWechat,
  tamperedNotification,
  transactionNotification,
  wechatAppForTests,
  wechatConfig,
  wechatKeys,
} from '../../../test/wechat-fixtures.ts';
import { paymentNotifications } from '../../db/schema/index.ts';

const { t, fake, buyer } = wechatAppForTests();
afterEach(() => {
  Object.assign(fake.state, { balance: Number.POSITIVE_INFINITY, outcome: 'SUCCESS', notify: true });
});
const { orderRow, refundRequestsOf: requestsOf, grantOf: grantOfOrder } = orderRecords(t);
const admin = (line: string, values?: Record<string, string>) => runAdmin(t, line, values);

/** An ML2 order (128.00 CNY) paid with WeChat Pay: native order at the fake, paid, notified. */
async function paidOrder() {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token });
  const orderNo = created.data.orderNo;
  await t.client.call(calls.payments.pay, { orderNo, payMethod: PayMethod.wechat }, { token: buyer.token });
  const transactionId = fake.pay(orderNo, 12800);
  const res = await postWechat(t, transactionNotification(orderNo, 12800, { transactionId }));
  expect(res.statusCode).toBe(200);
  return { orderNo, transactionId };
}

/** A REFUND.* notification as WeChat Pay sends it for a refund of our order. */
function refundNotification(
  orderNo: string,
  transactionId: string,
  o: { refundNo: string; refund: number; total?: number; status?: string; mchid?: string },
) {
  const status = o.status ?? 'SUCCESS';
  return wechatNotification(wechatKeys.apiV3Key, `REFUND.${status}`, {
    mchid: o.mchid ?? wechatConfig.mchId,
    out_trade_no: orderNo,
    transaction_id: transactionId,
    out_refund_no: o.refundNo,
    refund_id: `5030${o.refundNo}`,
    refund_status: status,
    success_time: '2026-01-05T12:05:00+08:00',
    user_received_account: '支付用户零钱',
    amount: { total: o.total ?? 12800, refund: o.refund, payer_total: o.total ?? 12800, payer_refund: o.refund },
  });
}

describe('WeChat Pay refunds', () => {
  it('asks POST /v3/refund/domestic/refunds; REFUND.SUCCESS then records 8, and the rest 5', async () => {
    const { orderNo } = await paidOrder();
    const endBefore = (await grantOfOrder(orderNo)).endTime;
    const out = await admin(`orders refund ${orderNo}`, { amount: '3000' });
    expect(out).toMatch(
      new RegExp(
        `^${orderNo}: refund ${orderNo}R01 of 30\\.00 CNY asked of wechat \\(5030\\w+\\); the order changes when wechat confirms it$`,
      ),
    );
    const asked = fake.seen.findLast((s) => s.url === '/v3/refund/domestic/refunds')!;
    expect(asked.verified).toBe(true);
    expect(JSON.parse(asked.body)).toMatchObject({
      out_trade_no: orderNo,
      out_refund_no: `${orderNo}R01`,
      notify_url: 'http://127.0.0.1:8080/order/v5/pay/notify/wechat',
      amount: { refund: 3000, total: 12800, currency: 'CNY' },
    });
    await fake.settled();
    expect(fake.deliveries.at(-1)).toEqual({ event: 'REFUND.SUCCESS', status: 200 });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 3000 });
    expect((await grantOfOrder(orderNo)).endTime.getTime()).toBeLessThan(endBefore.getTime());

    await admin(`orders refund ${orderNo}`);
    await fake.settled();
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
    expect(await requestsOf(orderNo)).toMatchObject([
      { amount: 3000, state: 'succeeded', gatewayRefundId: expect.stringMatching(/^5030/) },
      { amount: 9800, state: 'succeeded' },
    ]);
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
  });

  it('changes nothing until confirmed; a notification that never came is found by the refund query', async () => {
    const { orderNo } = await paidOrder();
    fake.state.notify = false;
    await admin(`orders refund ${orderNo}`);
    await fake.settled();
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    expect(await requestsOf(orderNo)).toMatchObject([{ state: 'open' }]);
    expect(await admin('reconcile', { 'older-than': '0' })).toMatch(/; open refunds: refunded 1$/);
    expect(fake.seen.at(-1)!.url).toBe(`/v3/refund/domestic/refunds/${orderNo}R01`);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
  });

  it('accepts a genuine REFUND.SUCCESS once; refuses forged, tampered, wrong-amount and foreign ones', async () => {
    const { orderNo, transactionId } = await paidOrder();
    fake.state.notify = false;
    await admin(`orders refund ${orderNo}`, { amount: '5000' });
    const refundNo = `${orderNo}R01`;
    const genuine = refundNotification(orderNo, transactionId, { refundNo, refund: 5000 });
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect((await postWechat(t, genuine, platformHeaders(genuine, stranger.privateKey))).statusCode).toBe(400);
    const tampered = tamperedNotification(genuine, 3);
    expect((await postWechat(t, tampered)).statusCode).toBe(400);
    for (const wrong of [{ refund: 9000 }, { refund: 5000, total: 20000 }, { refund: 5000, mchid: '1900000999' }]) {
      expect((await postWechat(t, refundNotification(orderNo, transactionId, { refundNo, ...wrong }))).statusCode).toBe(
        400,
      );
    }
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });

    const answers = await Promise.all(Array.from({ length: 5 }, () => postWechat(t, genuine)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 5000 });
    const notes = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(notes.filter((n) => n.outcome === 'refunded')).toHaveLength(1);
    expect(notes.filter((n) => n.outcome === 'duplicate')).toHaveLength(4);
  });

  it('REFUND.ABNORMAL fails the request and frees its amount; a refund made in the merchant console is recorded', async () => {
    const { orderNo, transactionId } = await paidOrder();
    fake.state.outcome = 'ABNORMAL';
    await admin(`orders refund ${orderNo}`);
    await fake.settled();
    expect(fake.deliveries.at(-1)).toEqual({ event: 'REFUND.ABNORMAL', status: 200 });
    expect(await requestsOf(orderNo)).toMatchObject([{ state: 'failed', failure: 'wechat ABNORMAL' }]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });

    const console = refundNotification(orderNo, transactionId, { refundNo: 'CONSOLE-0001', refund: 2800 });
    expect((await postWechat(t, console)).statusCode).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 2800 });
    expect((await requestsOf(orderNo)).find((r) => r.refundNo === 'CONSOLE-0001')).toMatchObject({
      state: 'succeeded',
    });
  });

  it("answers WeChat Pay's refusals with catalogue codes; a system error or lost answer leaves it open to ask again", async () => {
    const { orderNo } = await paidOrder();
    fake.state.balance = 0;
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({
      code: Code.refundBalanceInsufficient,
      message: expect.stringContaining('wechat NOT_ENOUGH'),
    });
    fake.state.balance = Number.POSITIVE_INFINITY;
    fake.state.expired.add(orderNo);
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({ code: Code.refundPeriodOver });
    fake.state.expired.delete(orderNo);
    expect(await requestsOf(orderNo)).toMatchObject([{ state: 'failed' }, { state: 'failed' }]);

    fake.state.systemErrors = 1;
    await expect(admin(`orders refund ${orderNo}`, { amount: '1000' })).rejects.toMatchObject({
      code: Code.paymentProviderFailed,
    });
    fake.state.loseAnswers = 1;
    fake.state.notify = false;
    await expect(admin(`orders refund ${orderNo}`, { amount: '1000' })).rejects.toMatchObject({
      code: Code.paymentProviderFailed,
    });
    await fake.settled();
    // WeChat Pay took R03 on the second try and refunded it; asking again is answered from its record
    expect(await admin(`orders refund ${orderNo}`, { amount: '1000' })).toMatch(
      /: partiallyRefunded, refunded 10\.00 CNY of 128\.00 CNY \(refund \w+R03, confirmed by wechat\)$/,
    );
    expect(fake.trades.get(orderNo)?.refunded).toBe(1000);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1000 });
  });
});
