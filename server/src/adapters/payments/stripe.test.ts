/**
 * Stripe through the real `stripe` SDK pointed at a local fake Stripe API
 * (server/test/fake-stripe.ts, which checks the secret key and the form
 * parameters as Stripe does): Checkout Session creation for pay method 7,
 * webhooks signed with a test endpoint secret (accepted; tampered,
 * stale, wrong amount/currency/mode refused and counted), exactly one grant
 * for a repeated or concurrent event (run with TEST_DB=pg for real
 * concurrency), refunds through the Refunds API confirmed by
 * `charge.refunded`, and reconciliation by PaymentIntent search.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, postNotify } from '../../../test/commerce-fixtures.ts';
import { makeCoupon } from '../../../test/coupon-fixtures.ts';
import { signedStripeEvent, startFakeStripe } from '../../../test/fake-stripe.ts';
import { deliverTo, gatewayAppForTests } from '../../../test/gateway-app.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { auditLog, paymentNotifications, refundRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { refusedNotifications } from '../../modules/payments/notify-refusals.ts';
import { createStripeGateway } from './stripe.gateway.ts';

const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripeFake0123456789';
const WEBHOOK_SECRET = 'whsec_testEndpointSecret0123456789abcdefABCDEF';

const { t, fake, buyer } = gatewayAppForTests(
  (app) => startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, deliver: deliverTo(app, 'stripe') }),
  (fake) => ({
    env: {
      PAYMENT_PROVIDERS: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  }),
);
const { orderRow, grantsOf, outcomesOf } = orderRecords(t);

/** An order for ML2 ($39.99) whose Stripe checkout was started: the order and its session. */
async function startedOrder() {
  const created = await createOrder(t, buyer);
  const { orderNo } = created.data;
  const pay = await t.client.call<TOrderPayResponse>(
    calls.payments.pay,
    { orderNo, payMethod: PayMethod.other },
    { token: buyer.token },
  );
  expect(pay.code).toBe(Code.ok);
  const payUrl = 'payUrl' in pay.data ? pay.data.payUrl : '';
  const sessionId = payUrl.split('/').pop()!;
  const session = fake.sessions.get(sessionId);
  if (!session) throw new Error(`no session behind ${payUrl}`);
  return { orderNo, payUrl, session };
}

/** A session as Stripe sends it in checkout.session.* events, paid unless changed. */
function sessionObject(orderNo: string, change: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_fixture',
    object: 'checkout.session',
    amount_total: 3999,
    currency: 'usd',
    client_reference_id: orderNo,
    metadata: { order_no: orderNo },
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    payment_intent: `pi_test_${orderNo}`,
    livemode: false,
    ...change,
  };
}
const post = (e: { body: string; headers: Record<string, string> }) => postNotify(t, 'stripe', e.body, e.headers);
const signed = (type: string, object: object, opts?: { timestamp?: number; livemode?: boolean }) =>
  signedStripeEvent(WEBHOOK_SECRET, type, object, opts);

describe('stripe checkout', () => {
  it('creates a Checkout Session for pay method 7 in USD through the SDK and answers its URL', async () => {
    const { orderNo, payUrl, session } = await startedOrder();
    expect(payUrl).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(session).toMatchObject({
      amount_total: 3999,
      currency: 'usd',
      client_reference_id: orderNo,
      metadata: { order_no: orderNo },
      intentMetadata: { order_no: orderNo },
    });
    expect(session.success_url).toBe(`http://127.0.0.1:8080/account/secure/order?orderNo=${orderNo}&checkout=paid`);
    expect(session.cancel_url).toBe(`http://127.0.0.1:8080/account/secure/order?orderNo=${orderNo}&checkout=cancelled`);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.unconfirmed, payMethod: PayMethod.other });
  });

  it('grants once when the payer pays at Stripe and the signed webhook arrives', async () => {
    const { orderNo, session } = await startedOrder();
    const paid = await fake.pay(session.id);
    expect(paid.status).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect(await grantsOf(orderNo)).toHaveLength(1);
    const [note] = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    expect(note).toMatchObject({ provider: 'stripe', tradeNo: paid.session.payment_intent, outcome: 'granted' });
  });

  it('asks Stripe for the discounted amount of an order with a coupon, and grants on a payment of it', async () => {
    const coupon = await makeCoupon(t, { amountOff: 1000, currency: 'USD' });
    const created = await t.client.call<TOrderDetail>(
      calls.orders.create,
      { goodsCode: 'ML2', coupon: coupon.code },
      { token: buyer.token },
    );
    const { orderNo } = created.data;
    const pay = await t.client.call<TOrderPayResponse>(
      calls.payments.pay,
      { orderNo, payMethod: 7 },
      { token: buyer.token },
    );
    const session = fake.sessions.get(('payUrl' in pay.data ? pay.data.payUrl : '').split('/').pop()!)!;
    expect(session.amount_total).toBe(2999);
    // a completed session of the list price does not match the order
    expect((await post(signed('checkout.session.completed', sessionObject(orderNo)))).statusCode).toBe(400);
    expect((await fake.pay(session.id)).status).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 2999, discountAmount: 1000 });
  });

  it('answers 2000007 when Stripe refuses the secret key, keeping the order payable', async () => {
    const gateway = createStripeGateway({
      config: { secretKey: 'sk_test_notTheKeyTheFakeKnows0000', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
      returnUrl: 'http://127.0.0.1:8080/order',
    });
    const start = gateway.start({ orderNo: 'AC1', amount: 100, currency: 'USD', subject: 'x', payMethod: 7 });
    await expect(start).rejects.toBeInstanceOf(AppError);
    await expect(start).rejects.toMatchObject({ code: Code.paymentProviderFailed });
    await expect(start).rejects.toThrow(/401 .*Invalid API Key/);
  });
});

describe('stripe webhooks', () => {
  it('accepts a signed checkout.session.completed, answering {"received":true}', async () => {
    const { orderNo } = await startedOrder();
    const res = await post(signed('checkout.session.completed', sessionObject(orderNo)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
  });

  it('counts and refuses a tampered body, a stale timestamp, a wrong secret, amount, currency, mode or order', async () => {
    const { orderNo } = await startedOrder();
    const counted = () =>
      refusedNotifications()
        .filter((r) => r.provider === 'stripe')
        .reduce((n, r) => n + r.count, 0);
    const before = counted();
    const good = signed('checkout.session.completed', sessionObject(orderNo));
    const refused = [
      { body: good.body.replace('"amount_total":3999', '"amount_total":3998'), headers: good.headers },
      signed('checkout.session.completed', sessionObject(orderNo), { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      signedStripeEvent(`${WEBHOOK_SECRET}x`, 'checkout.session.completed', sessionObject(orderNo)),
      { body: good.body, headers: { 'content-type': 'application/json' } },
      signed('checkout.session.completed', sessionObject(orderNo, { amount_total: 100 })),
      signed('checkout.session.completed', sessionObject(orderNo, { currency: 'eur' })),
      signed('checkout.session.completed', sessionObject(orderNo), { livemode: true }),
      signed('checkout.session.completed', sessionObject(orderNo, { metadata: { order_no: 'AC2099' } })),
      signed('checkout.session.completed', sessionObject('AC20990101000000000000')),
    ];
    for (const [i, e] of refused.entries()) {
      const res = await post(e);
      expect([i, res.statusCode]).toEqual([i, 400]);
      expect(res.json()).toEqual({ received: false });
    }
    expect(counted() - before).toBe(refused.length);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.unconfirmed);
    expect(await grantsOf(orderNo)).toHaveLength(0);
    // the genuine one still goes through
    expect((await post(good)).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
  });

  it('grants exactly once when the same event arrives twice', async () => {
    const { orderNo } = await startedOrder();
    const e = signed('checkout.session.completed', sessionObject(orderNo));
    expect((await post(e)).statusCode).toBe(200);
    expect((await post(e)).statusCode).toBe(200);
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await outcomesOf(orderNo)).toEqual(['duplicate', 'granted']);
  });

  it('grants exactly once when the same event arrives 20 times at once', async () => {
    const { orderNo } = await startedOrder();
    const e = signed('checkout.session.completed', sessionObject(orderNo));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await grantsOf(orderNo)).toHaveLength(1);
    const outcomes = await outcomesOf(orderNo);
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
  });

  it('waits on an unpaid completed session, marks an async failure 4, and accepts a later success', async () => {
    const { orderNo } = await startedOrder();
    const unpaid = await post(
      signed('checkout.session.completed', sessionObject(orderNo, { payment_status: 'unpaid' })),
    );
    expect(unpaid.statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.unconfirmed);
    const failed = await post(signed('checkout.session.async_payment_failed', sessionObject(orderNo)));
    expect(failed.statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.payFailed);
    await post(signed('checkout.session.async_payment_succeeded', sessionObject(orderNo)));
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
    expect(await grantsOf(orderNo)).toHaveLength(1);
  });

  it('acknowledges events it does not act on', async () => {
    const res = await post(signed('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(res.statusCode).toBe(200);
  });
});

describe('stripe refunds', () => {
  async function paidOrder() {
    const { orderNo, session } = await startedOrder();
    const { session: paid } = await fake.pay(session.id);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
    return { orderNo, paymentIntent: paid.payment_intent! };
  }

  it('asks Stripe for the refund; charge.refunded then records 8, and the rest 5', async () => {
    const { orderNo, paymentIntent } = await paidOrder();
    const services = testServices(t);
    const endBefore = (await grantsOf(orderNo))[0]!.endTime;

    const part = await services.payments.refund(orderNo, 1000);
    expect(part).toMatchObject({ kind: 'requested', provider: 'stripe', amount: 1000 });
    const asked = fake.refunds.at(-1)!;
    expect(asked).toMatchObject({
      amount: 1000,
      payment_intent: paymentIntent,
      metadata: { order_no: orderNo, refund_no: `${orderNo}R01` },
    });
    await fake.settled();
    expect(fake.deliveries.at(-1)).toEqual({ type: 'charge.refunded', status: 200 });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1000 });
    expect((await grantsOf(orderNo))[0]!.endTime.getTime()).toBeLessThan(endBefore.getTime());

    const rest = await services.payments.refund(orderNo);
    expect(rest).toMatchObject({ kind: 'requested', amount: 2999 });
    await fake.settled();
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    expect(await outcomesOf(orderNo)).toEqual(['granted', 'refunded', 'refunded']);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, 'order.refundRequested'));
    expect(audited.filter((a) => (a.detail as { orderNo: string }).orderNo === orderNo)).toHaveLength(2);
    // nothing is left to refund
    await expect(services.payments.refund(orderNo)).rejects.toMatchObject({ code: Code.refundInvalid });
  });

  it('`orders refund` on the admin command line asks Stripe, and the webhook records the refund (5)', async () => {
    const { orderNo } = await paidOrder();
    const out = await runAdmin(t, `orders refund ${orderNo}`);
    expect(out).toMatch(
      new RegExp(
        `^${orderNo}: refund ${orderNo}R01 of 39\\.99 USD asked of stripe \\(re_test_\\w+\\); the order changes when stripe confirms it$`,
      ),
    );
    await fake.settled();
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
  });

  it('repeats of the same refund command and of charge.refunded refund once', async () => {
    const { orderNo, paymentIntent } = await paidOrder();
    const services = testServices(t);
    const before = fake.refunds.length;
    // the admin repeats the command before Stripe's confirmation arrived: one idempotency key
    const [a, b] = await Promise.all([services.payments.refund(orderNo, 500), services.payments.refund(orderNo, 500)]);
    expect(a).toMatchObject({ kind: 'requested', refundNo: `${orderNo}R01` });
    expect(b).toMatchObject({ kind: 'requested', refundNo: `${orderNo}R01` });
    expect(fake.refunds.length - before).toBe(1);
    await fake.settled();
    const charge = [...fake.charges.values()].find((c) => c.payment_intent === paymentIntent)!;
    const event = signed('charge.refunded', charge);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(event)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 500 });
    const outcomes = await outcomesOf(orderNo);
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(20);
    const requests = await t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
    expect(requests).toMatchObject([{ refundNo: `${orderNo}R01`, amount: 500, state: 'succeeded' }]);
  });

  it('refuses a charge.refunded of another amount, currency or order, and one for an unknown payment', async () => {
    const { orderNo, paymentIntent } = await paidOrder();
    const charge = {
      id: 'ch_test_fixture',
      object: 'charge',
      amount: 3999,
      amount_refunded: 3999,
      currency: 'usd',
      payment_intent: paymentIntent,
      metadata: { order_no: orderNo },
      livemode: false,
    };
    for (const change of [
      { amount: 5000 },
      { currency: 'eur' },
      { amount_refunded: 4000 },
      { metadata: { order_no: 'AC2099' } },
      { payment_intent: 'pi_test_unknown' },
    ]) {
      const res = await post(signed('charge.refunded', { ...charge, ...change }));
      expect(res.statusCode).toBe(400);
    }
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
  });

  it('surfaces Stripe refusing a refund as 2000011 with its code, and changes nothing', async () => {
    const { orderNo } = await paidOrder();
    // the fake refuses once the charge is refunded at Stripe (e.g. from the dashboard) before we heard of it
    const charge = [...fake.charges.values()].find((c) => c.metadata.order_no === orderNo)!;
    charge.amount_refunded = charge.amount;
    await expect(testServices(t).payments.refund(orderNo)).rejects.toMatchObject({
      code: Code.refundRefused,
      message: expect.stringContaining('stripe charge_already_refunded'),
    });
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
    expect(request).toMatchObject({ state: 'failed', failure: expect.stringContaining('2000011') });
  });

  it('records a refund whose charge.refunded never arrived when reconciliation finds it succeeded', async () => {
    const { orderNo } = await paidOrder();
    fake.mute(true);
    try {
      await testServices(t).payments.refund(orderNo, 1500);
      await fake.settled();
    } finally {
      fake.mute(false);
    }
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    const summary = await testServices(t).payments.reconcile(0);
    expect(summary.refunds).toMatchObject({ refunded: 1 });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1500 });
    const requests = await t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
    expect(requests).toMatchObject([{ state: 'succeeded', gatewayRefundId: expect.stringMatching(/^re_test_/) }]);
  });
});

describe('stripe reconciliation', () => {
  it('confirms a paid order whose webhook never arrived by searching its PaymentIntent', async () => {
    const { orderNo, session } = await startedOrder();
    await fake.pay(session.id, { deliver: false });
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.unconfirmed);
    const res = await t.client.call<TOrderPayStateResponse>(
      calls.payments.payState,
      { orderNo },
      { token: buyer.token },
    );
    expect(res.data).toEqual({ payState: 1, status: OrderStatus.paid });
    expect(await grantsOf(orderNo)).toHaveLength(1);
  });

  it('leaves an order unconfirmed while Stripe has no payment for it', async () => {
    const { orderNo } = await startedOrder();
    const res = await t.client.call<TOrderPayStateResponse>(
      calls.payments.payState,
      { orderNo },
      { token: buyer.token },
    );
    expect(res.data).toEqual({ payState: 0, status: OrderStatus.unconfirmed });
  });
});
