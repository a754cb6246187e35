/**
 * Alipay refunds through the real alipay-sdk pointed at a local fake of Alipay's gateway
 * (server/test/fake-alipay.ts: it verifies our RSA2 request signature and signs its answers):
 * alipay.trade.refund confirmed by its signed synchronous answer (fund_change Y), the refund
 * number as out_request_no so a repeated or lost-answer refund moves money once,
 * alipay.trade.fastpay.refund.query for a lost answer (retry and reconciliation), and Alipay's
 * refusals as catalogue codes. Also run on PostgreSQL (server-pg).
 */
import { generateKeyPairSync } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  alipayAppForTests,
  alipayEnv,
  alipayKeys,
  alipayNotification,
  paidAlipayOrder,
  postAlipay,
} from '../../../test/alipay-fixtures.ts';
import { signLikeAlipay } from '../../../test/fake-alipay.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import { paymentNotifications } from '../../db/schema/index.ts';
import { createAlipayGateway } from './alipay.gateway.ts';

const { t, fake, buyer } = alipayAppForTests();
const { orderRow, refundRequestsOf: requestsOf, grantOf: grantOfOrder } = orderRecords(t);
const admin = (line: string, values?: Record<string, string>) => runAdmin(t, line, values);
const paid = () => paidAlipayOrder(t, fake, buyer);

describe('Alipay refunds', () => {
  it('refunds part then the rest through alipay.trade.refund, each confirmed by its signed answer (8, then 5)', async () => {
    const { orderNo } = await paid();
    const endBefore = (await grantOfOrder(orderNo)).endTime;

    const part = await admin(`orders refund ${orderNo}`, { amount: '3000' });
    expect(part).toBe(
      `${orderNo}: partiallyRefunded, refunded 30.00 CNY of 128.00 CNY (refund ${orderNo}R01, confirmed by alipay)`,
    );
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      verified: true,
      biz: { out_trade_no: orderNo, refund_amount: '30.00', out_request_no: `${orderNo}R01` },
    });
    expect((await grantOfOrder(orderNo)).endTime.getTime()).toBeLessThan(endBefore.getTime());

    const rest = await admin(`orders refund ${orderNo}`);
    expect(rest).toBe(
      `${orderNo}: refunded, refunded 128.00 CNY of 128.00 CNY (refund ${orderNo}R02, confirmed by alipay)`,
    );
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
    expect(await requestsOf(orderNo)).toMatchObject([
      { amount: 3000, state: 'succeeded' },
      { amount: 9800, state: 'succeeded' },
    ]);
    const notes = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(notes.filter((n) => n.outcome === 'refunded' && n.via === 'answer')).toHaveLength(2);
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({ code: Code.refundInvalid });
  });

  it('a lost answer leaves the request open; the repeated command asks under the same number and refunds once', async () => {
    const { orderNo } = await paid();
    fake.state.loseAnswers = 1;
    await expect(admin(`orders refund ${orderNo}`, { amount: '5000' })).rejects.toMatchObject({
      code: Code.paymentProviderFailed,
      message: expect.stringContaining(`refund ${orderNo}R01 was asked of alipay but its answer is unknown`),
    });
    // Alipay made the refund; we do not know it yet
    expect(fake.trades.get(orderNo)?.refunded).toBe(5000);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    expect(await requestsOf(orderNo)).toMatchObject([{ state: 'open', amount: 5000 }]);

    // asked again: fund_change N, the refund query confirms the earlier refund
    const again = await admin(`orders refund ${orderNo}`, { amount: '5000' });
    expect(again).toMatch(
      /partiallyRefunded, refunded 50\.00 CNY of 128\.00 CNY \(refund \w+R01, confirmed by alipay\)$/,
    );
    expect(fake.trades.get(orderNo)?.refunded).toBe(5000);
    expect(fake.calls.slice(-2).map((c) => c.method)).toEqual([
      'alipay.trade.refund',
      'alipay.trade.fastpay.refund.query',
    ]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 5000 });
  });

  it('reconciliation queries an open refund whose answer was lost and records it', async () => {
    const { orderNo } = await paid();
    fake.state.loseAnswers = 1;
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({ code: Code.paymentProviderFailed });
    expect(await admin('reconcile', { 'older-than': '0' })).toMatch(/; open refunds: refunded 1$/);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'alipay.trade.fastpay.refund.query',
      biz: { out_trade_no: orderNo, out_request_no: `${orderNo}R01` },
    });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
  });

  it("answers Alipay's refusals with catalogue codes, fails the request and changes nothing", async () => {
    const { orderNo } = await paid();
    fake.state.balance = 0;
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({
      code: Code.refundBalanceInsufficient,
      message: expect.stringContaining('alipay ACQ.SELLER_BALANCE_NOT_ENOUGH'),
    });
    fake.state.balance = Number.POSITIVE_INFINITY;
    fake.state.finished.add(orderNo);
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({ code: Code.refundPeriodOver });
    fake.state.finished.delete(orderNo);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    expect(await requestsOf(orderNo)).toMatchObject([
      { state: 'failed', failure: expect.stringContaining('2000012') },
      { state: 'failed', failure: expect.stringContaining('ACQ.TRADE_HAS_FINISHED') },
    ]);

    // a system error is not a refusal: the request stays open and the repeat completes it
    fake.state.systemErrors = 1;
    await expect(admin(`orders refund ${orderNo}`)).rejects.toMatchObject({ code: Code.paymentProviderFailed });
    expect(await admin(`orders refund ${orderNo}`)).toMatch(
      /: refunded, refunded 128\.00 CNY of 128\.00 CNY \(refund \w+R03/,
    );
    expect(fake.trades.get(orderNo)?.refunded).toBe(12800);
    const listed = (await admin(`orders refunds ${orderNo}`)).split('\n');
    expect(listed).toEqual([
      expect.stringMatching(
        new RegExp(`^${orderNo}R01  alipay  128\\.00 CNY  failed  asked .*2000012 .*ACQ\\.SELLER_BALANCE_NOT_ENOUGH`),
      ),
      expect.stringMatching(
        new RegExp(`^${orderNo}R02  alipay  128\\.00 CNY  failed  .*2000013 .*ACQ\\.TRADE_HAS_FINISHED`),
      ),
      expect.stringMatching(new RegExp(`^${orderNo}R03  alipay  128\\.00 CNY  succeeded  asked \\S+, settled \\S+$`)),
    ]);
  });

  it("acknowledges Alipay's notifications after a refund (refund_fee, out_biz_no) without changing the order", async () => {
    const { orderNo, tradeNo } = await paid();
    await admin(`orders refund ${orderNo}`, { amount: '2800' });
    const after = (over: Record<string, string>) =>
      signLikeAlipay(
        alipayNotification(orderNo, { trade_no: tradeNo, gmt_refund: '2026-01-06 10:00:00', ...over }),
        alipayKeys.alipay.privateKey,
      );
    expect((await postAlipay(t, after({ refund_fee: '28.00', out_biz_no: `${orderNo}R01` }))).body).toBe('success');
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 2800 });
    await admin(`orders refund ${orderNo}`);
    const closed = after({ trade_status: 'TRADE_CLOSED', refund_fee: '128.00', out_biz_no: `${orderNo}R02` });
    expect((await postAlipay(t, closed)).body).toBe('success');
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 12800 });
  });

  it('treats an answer not signed by Alipay as unknown, and the fake refuses a request we did not sign', async () => {
    const { orderNo } = await paid();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const config = { appId: alipayEnv().ALIPAY_APP_ID!, gateway: fake.url };
    const request = {
      refundNo: `${orderNo}R09`,
      orderNo,
      tradeNo: '',
      amount: 100,
      total: 12800,
      currency: 'CNY' as const,
    };
    const wrongAlipayKey = createAlipayGateway({
      config: {
        ...config,
        privateKey: alipayEnv().ALIPAY_PRIVATE_KEY!.replace(/\\n/g, '\n'),
        alipayPublicKey: pemOf(stranger.publicKey),
      },
      publicUrl: 'https://ac.example',
      returnUrl: 'https://ac.example/order',
    });
    await expect(wrongAlipayKey.refund!(request)).rejects.toMatchObject({ code: Code.paymentProviderFailed });
    const wrongAppKey = createAlipayGateway({
      config: {
        ...config,
        privateKey: pemOf(stranger.privateKey),
        alipayPublicKey: pemOf(alipayKeys.alipay.publicKey),
      },
      publicUrl: 'https://ac.example',
      returnUrl: 'https://ac.example/order',
    });
    await expect(wrongAppKey.refund!({ ...request, refundNo: `${orderNo}R08` })).rejects.toMatchObject({
      code: Code.refundRefused,
      message: expect.stringContaining('isv.invalid-signature'),
    });
    expect(fake.calls.at(-1)).toMatchObject({ verified: false });
  });
});

function pemOf(key: ReturnType<typeof generateKeyPairSync>['publicKey']) {
  return key.export(
    key.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' },
  ) as string;
}
