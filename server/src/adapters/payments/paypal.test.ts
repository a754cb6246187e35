/**
 * PayPal through the real `@paypal/paypal-server-sdk` pointed at a local fake PayPal API
 * (server/test/fake-paypal.ts: OAuth client credentials, bearer tokens, Orders v2 and Payments
 * v2 bodies, PayPal-Request-Id replays, verify-webhook-signature over RSA-signed events):
 * an order for pay method 7 with the PayPal channel, capture on the payer's return, on
 * CHECKOUT.ORDER.APPROVED and by reconciliation — granted once however they meet (run with
 * TEST_DB=pg for real concurrency) — forged, tampered, foreign and mismatched events refused,
 * refunds full and partial through the Payments API.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, postNotify } from '../../../test/commerce-fixtures.ts';
import { makeCoupon } from '../../../test/coupon-fixtures.ts';
import { startFakePaypal } from '../../../test/fake-paypal.ts';
import { deliverTo, gatewayAppForTests } from '../../../test/gateway-app.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { paymentAttempts, paymentNotifications, refundRequests } from '../../db/schema/index.ts';
import { refusedNotifications } from '../../modules/payments/notify-refusals.ts';
import { createPaypalGateway } from './paypal.gateway.ts';

const CLIENT_ID = 'AfakePaypalClientId0123456789';
const CLIENT_SECRET = 'EfakePaypalClientSecret0123456789abcdefghij';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';

const { t, fake, buyer } = gatewayAppForTests(
  (app) =>
    startFakePaypal({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      deliver: deliverTo(app, 'paypal'),
    }),
  (fake) => ({
    env: {
      PAYMENT_PROVIDERS: 'paypal',
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      PAYPAL_ENVIRONMENT: 'sandbox',
      PAYPAL_API_BASE: fake.url,
    },
  }),
);
const { orderRow, grantsOf, outcomesOf } = orderRecords(t);
const payState = (orderNo: string) =>
  t.client.call<TOrderPayStateResponse>(calls.payments.payState, { orderNo }, { token: buyer.token });
const post = (e: { body: string; headers: Record<string, string> }) => postNotify(t, 'paypal', e.body, e.headers);

/** An order for ML2 ($39.99) whose PayPal checkout was started: the order and PayPal's order. */
async function startedOrder(coupon?: string) {
  const created = await t.client.call<TOrderDetail>(
    calls.orders.create,
    { goodsCode: 'ML2', ...(coupon ? { coupon } : {}) },
    { token: buyer.token },
  );
  const { orderNo } = created.data;
  const pay = await t.client.call<TOrderPayResponse>(
    calls.payments.pay,
    { orderNo, payMethod: PayMethod.other, channel: 'paypal' },
    { token: buyer.token },
  );
  expect(pay.code).toBe(Code.ok);
  const payUrl = 'payUrl' in pay.data ? pay.data.payUrl : '';
  const id = new URL(payUrl).searchParams.get('token') ?? '';
  const order = fake.orders.get(id);
  if (!order) throw new Error(`no PayPal order behind ${payUrl}`);
  return { orderNo, payUrl, order };
}

/** Approved at PayPal and captured on the payer's return (payState): a paid order and its capture. */
async function paidOrder() {
  const { orderNo, order } = await startedOrder();
  fake.approve(order.id, { deliver: false });
  expect((await payState(orderNo)).data).toEqual({ payState: 1, status: OrderStatus.paid });
  await fake.settled();
  const capture = order.purchase_units[0]!.payments!.captures[0]!;
  return { orderNo, order, capture };
}

describe('paypal checkout', () => {
  it('creates an Orders v2 order for pay method 7 through PayPal and answers its approve link', async () => {
    const { orderNo, payUrl, order } = await startedOrder();
    expect(payUrl).toBe(`${fake.url}/checkoutnow?token=${order.id}`);
    const asked = fake.requests.find(
      (r) =>
        r.path === '/v2/checkout/orders' &&
        r.method === 'POST' &&
        (r.body as { purchase_units: { custom_id: string }[] }).purchase_units[0]!.custom_id === orderNo,
    );
    expect(asked?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: orderNo, invoice_id: orderNo, amount: { currency_code: 'USD', value: '39.99' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `http://127.0.0.1:8080/account/secure/order?orderNo=${orderNo}&checkout=paid`,
            cancel_url: `http://127.0.0.1:8080/account/secure/order?orderNo=${orderNo}&checkout=cancelled`,
            user_action: 'PAY_NOW',
          },
        },
      },
    });
    expect(asked?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.unconfirmed, payMethod: PayMethod.other });
    const [attempt] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderNo, orderNo));
    expect(attempt).toMatchObject({ provider: 'paypal', gatewayRef: order.id, amount: 3999, currency: 'USD' });
    // not approved yet: nothing to capture
    expect((await payState(orderNo)).data).toEqual({ payState: 0, status: OrderStatus.unconfirmed });
  });

  it('answers 2000006 for the card channel when only PayPal takes pay method 7', async () => {
    const created = await createOrder(t, buyer);
    const pay = await t.client.call(
      calls.payments.pay,
      { orderNo: created.data.orderNo, payMethod: PayMethod.other, channel: 'card' },
      { token: buyer.token },
    );
    expect(pay.code).toBe(Code.payMethodUnavailable);
  });

  it('captures on the payer’s return, once, and grants once; the events that follow are duplicates', async () => {
    const { orderNo, order, capture } = await paidOrder();
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect(await grantsOf(orderNo)).toHaveLength(1);
    const captureCalls = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${order.id}/capture`);
    expect(captureCalls.map((r) => r.requestId)).toEqual([`capture-${order.id}`]);
    expect(fake.deliveries.at(-1)).toEqual({ type: 'PAYMENT.CAPTURE.COMPLETED', status: 200 });
    expect(await outcomesOf(orderNo)).toEqual(['duplicate', 'granted']);
    const [granted] = (
      await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo))
    ).filter((n) => n.outcome === 'granted');
    expect(granted).toMatchObject({ provider: 'paypal', via: 'query', tradeNo: capture.id });
  });

  it('captures on CHECKOUT.ORDER.APPROVED when the payer never comes back', async () => {
    const { orderNo, order } = await startedOrder();
    fake.approve(order.id);
    await fake.settled();
    expect(fake.deliveries.slice(-2)).toEqual([
      { type: 'CHECKOUT.ORDER.APPROVED', status: 200 },
      { type: 'PAYMENT.CAPTURE.COMPLETED', status: 200 },
    ]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await outcomesOf(orderNo)).toEqual(['duplicate', 'granted']);
  });

  it('asks PayPal for the discounted amount of an order with a coupon', async () => {
    const coupon = await makeCoupon(t, { amountOff: 1000, currency: 'USD' });
    const { orderNo, order } = await startedOrder(coupon.code);
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: 'USD', value: '29.99' });
    fake.approve(order.id, { deliver: false });
    expect((await payState(orderNo)).data.status).toBe(OrderStatus.paid);
    expect(await orderRow(orderNo)).toMatchObject({ payAmount: 2999, discountAmount: 1000 });
  });

  it('answers 2000007 when PayPal refuses the app’s credentials, keeping the order payable', async () => {
    const gateway = createPaypalGateway({
      config: {
        clientId: CLIENT_ID,
        clientSecret: 'EnotTheSecretTheFakeKnows000000000000',
        webhookId: WEBHOOK_ID,
        environment: 'sandbox',
        apiBase: fake.url,
      },
      returnUrl: 'http://127.0.0.1:8080/order',
    });
    const start = gateway.start({ orderNo: 'AC1', amount: 100, currency: 'USD', subject: 'x', payMethod: 7 });
    await expect(start).rejects.toMatchObject({ code: Code.paymentProviderFailed });
    await expect(start).rejects.toThrow(/invalid_client/);
  });
});

describe('paypal webhooks', () => {
  const counted = () =>
    refusedNotifications()
      .filter((r) => r.provider === 'paypal')
      .reduce((n, r) => n + r.count, 0);
  /** A completed capture of `orderNo` as PayPal sends it, for the order's own amount unless changed. */
  const captureOf = (orderNo: string, change: Record<string, unknown> = {}) => ({
    id: `CAP${orderNo}`,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value: '39.99' },
    custom_id: orderNo,
    invoice_id: orderNo,
    final_capture: true,
    create_time: new Date().toISOString(),
    ...change,
  });

  it('grants on a verified PAYMENT.CAPTURE.COMPLETED, once however often it arrives', async () => {
    const { orderNo } = await startedOrder();
    const event = fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf(orderNo));
    const first = await post(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    // replayed as it was, then 20 times at once
    expect((await post(event)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect((await outcomesOf(orderNo)).filter((o) => o === 'granted')).toHaveLength(1);
  });

  it('refuses and counts forged, tampered, foreign-webhook and mismatched events; nothing changes', async () => {
    const { orderNo } = await startedOrder();
    const before = counted();
    const good = fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf(orderNo));
    const refused = [
      // tampered: the amount changed after PayPal signed
      { body: good.body.replace('"value":"39.99"', '"value":"0.01"'), headers: good.headers },
      // forged: a signature PayPal never made
      {
        body: good.body,
        headers: { ...good.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
      },
      // another transmission's time
      { body: good.body, headers: { ...good.headers, 'paypal-transmission-time': '2020-01-01T00:00:00Z' } },
      // no transmission headers at all
      { body: good.body, headers: { 'content-type': 'application/json' } },
      // signed for somebody else's webhook
      fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf(orderNo), 'WH0THERMERCHANT01'),
      // genuine, but not what the order asks: amount, currency, two order numbers, no order number
      fake.signEvent(
        'PAYMENT.CAPTURE.COMPLETED',
        captureOf(orderNo, { amount: { currency_code: 'USD', value: '1.00' } }),
      ),
      fake.signEvent(
        'PAYMENT.CAPTURE.COMPLETED',
        captureOf(orderNo, { amount: { currency_code: 'EUR', value: '39.99' } }),
      ),
      fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf(orderNo, { invoice_id: 'AC0000000' })),
      fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf(orderNo, { custom_id: undefined, invoice_id: undefined })),
      // an order we do not have
      fake.signEvent('PAYMENT.CAPTURE.COMPLETED', captureOf('AC999999999')),
    ];
    for (const e of refused) {
      const res = await post(e);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ received: false });
    }
    expect(counted() - before).toBe(refused.length);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.unconfirmed, payAmount: 0 });
    expect(await grantsOf(orderNo)).toHaveLength(0);
    // the genuine one still goes through
    expect((await post(good)).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.paid);
  });

  it('marks a denied capture 4, and acknowledges events it does not act on', async () => {
    const { orderNo } = await startedOrder();
    const denied = fake.signEvent('PAYMENT.CAPTURE.DENIED', captureOf(orderNo, { status: 'DECLINED' }));
    expect((await post(denied)).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.payFailed);
    expect(await grantsOf(orderNo)).toHaveLength(0);
    const pending = fake.signEvent('PAYMENT.CAPTURE.PENDING', captureOf(orderNo, { status: 'PENDING' }));
    expect((await post(pending)).statusCode).toBe(200);
    const other = fake.signEvent('CUSTOMER.DISPUTE.CREATED', { id: 'PP-D-1' });
    expect((await post(other)).statusCode).toBe(200);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.payFailed);
  });

  it('grants once when the payer’s return, CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED meet', async () => {
    const { orderNo, order } = await startedOrder();
    const approved = fake.approve(order.id, { deliver: false });
    const approval = fake.signEvent('CHECKOUT.ORDER.APPROVED', approved);
    const answers = await Promise.all([
      payState(orderNo),
      post(approval),
      payState(orderNo),
      post(approval),
      post(approval),
    ]);
    expect(answers.filter((a) => 'statusCode' in a).map((a) => (a as { statusCode: number }).statusCode)).toEqual([
      200, 200, 200,
    ]);
    await fake.settled();
    const capture = order.purchase_units[0]!.payments!.captures[0]!;
    expect(order.status).toBe('COMPLETED');
    const completed = fake.signEvent('PAYMENT.CAPTURE.COMPLETED', capture);
    await Promise.all([post(completed), post(completed), payState(orderNo)]);
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    expect((await outcomesOf(orderNo)).filter((o) => o === 'granted')).toHaveLength(1);
    // PayPal captured once: every capture call carried the same request id
    const captureIds = new Set(
      fake.requests.filter((r) => r.path === `/v2/checkout/orders/${order.id}/capture`).map((r) => r.requestId),
    );
    expect([...captureIds]).toEqual([`capture-${order.id}`]);
  });
});

describe('paypal refunds', () => {
  it('refunds part then the rest through the captured payment: 8, then 5', async () => {
    const { orderNo, capture } = await paidOrder();
    const services = testServices(t);
    const endBefore = (await grantsOf(orderNo))[0]!.endTime;

    const part = await services.payments.refund(orderNo, 1000);
    expect(part).toMatchObject({ kind: 'refunded', provider: 'paypal', amount: 1000, refundNo: `${orderNo}R01` });
    const asked = fake.requests.filter((r) => r.path === `/v2/payments/captures/${capture.id}/refund`);
    expect(asked.at(-1)).toMatchObject({
      requestId: `${orderNo}R01`,
      body: { amount: { currency_code: 'USD', value: '10.00' }, custom_id: `${orderNo}R01` },
    });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1000 });
    expect((await grantsOf(orderNo))[0]!.endTime.getTime()).toBeLessThan(endBefore.getTime());

    const rest = await services.payments.refund(orderNo);
    expect(rest).toMatchObject({ kind: 'refunded', amount: 2999 });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    // PayPal's PAYMENT.CAPTURE.REFUNDED events then change nothing
    await fake.settled();
    expect(fake.deliveries.slice(-2)).toEqual([
      { type: 'PAYMENT.CAPTURE.REFUNDED', status: 200 },
      { type: 'PAYMENT.CAPTURE.REFUNDED', status: 200 },
    ]);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    const requests = await t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
    expect(requests.map((r) => [r.amount, r.state])).toEqual([
      [1000, 'succeeded'],
      [2999, 'succeeded'],
    ]);
    await expect(services.payments.refund(orderNo)).rejects.toMatchObject({ code: Code.refundInvalid });
  });

  it('`orders refund` on the admin command line refunds through PayPal (5)', async () => {
    const { orderNo } = await paidOrder();
    const out = await runAdmin(t, `orders refund ${orderNo}`);
    expect(out).toBe(
      `${orderNo}: refunded, refunded 39.99 USD of 39.99 USD (refund ${orderNo}R01, confirmed by paypal)`,
    );
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
  });

  it('surfaces PayPal refusing a refund (time limit → 2000013) and changes nothing', async () => {
    const { orderNo } = await paidOrder();
    fake.refuseNextRefund(
      422,
      'REFUND_TIME_LIMIT_EXCEEDED',
      'You are over the time limit to perform a refund on this capture.',
    );
    await expect(testServices(t).payments.refund(orderNo)).rejects.toMatchObject({ code: Code.refundPeriodOver });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
    expect(request).toMatchObject({ state: 'failed', failure: expect.stringContaining('REFUND_TIME_LIMIT_EXCEEDED') });
  });

  it('keeps a refund open when PayPal fails, and reconciliation asks again under the same request id', async () => {
    const { orderNo, capture } = await paidOrder();
    fake.refuseNextRefund(500, 'INTERNAL_SERVER_ERROR');
    await expect(testServices(t).payments.refund(orderNo, 1500)).rejects.toMatchObject({
      code: Code.paymentProviderFailed,
    });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    // the file's database holds other tests' orders and refunds: only this order's are looked at
    const summary = await testServices(t).payments.reconcile(0);
    expect(await orderRow(orderNo), `reconciliation: ${JSON.stringify(summary)}`).toMatchObject({
      status: OrderStatus.partiallyRefunded,
      refundAmount: 1500,
    });
    const asked = fake.requests.filter((r) => r.path === `/v2/payments/captures/${capture.id}/refund`);
    expect(asked.map((r) => r.requestId)).toEqual([`${orderNo}R01`, `${orderNo}R01`]);
    expect([...fake.refunds.values()].filter((r) => r.custom_id === `${orderNo}R01`)).toHaveLength(1);
  });

  it('records a refund made in PayPal’s console from its verified PAYMENT.CAPTURE.REFUNDED', async () => {
    const { orderNo, capture } = await paidOrder();
    const refund = {
      id: 'CONSOLE0REFUND0001',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '5.00' },
      create_time: new Date().toISOString(),
      links: [{ href: `${fake.url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' }],
    };
    const wrong = {
      ...refund,
      id: 'CONSOLE0REFUND0002',
      links: [{ ...refund.links[0]!, href: `${fake.url}/v2/payments/captures/NOSUCHCAPTURE` }],
    };
    expect((await post(fake.signEvent('PAYMENT.CAPTURE.REFUNDED', wrong))).statusCode).toBe(400);
    expect((await post(fake.signEvent('PAYMENT.CAPTURE.REFUNDED', refund))).statusCode).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 500 });
    expect((await post(fake.signEvent('PAYMENT.CAPTURE.REFUNDED', refund))).statusCode).toBe(200);
    expect((await orderRow(orderNo)).refundAmount).toBe(500);
  });
});

describe('paypal reconciliation', () => {
  it('captures an approved order whose payer and webhook never came, and leaves unapproved ones waiting', async () => {
    const approvedOne = await startedOrder();
    const waiting = await startedOrder();
    fake.approve(approvedOne.order.id, { deliver: false });
    // the file's database holds other tests' pending orders too: only these two are looked at
    const summary = await testServices(t).payments.reconcile(0);
    expect(await orderRow(approvedOne.orderNo), `reconciliation: ${JSON.stringify(summary)}`).toMatchObject({
      status: OrderStatus.paid,
      payAmount: 3999,
    });
    expect(await grantsOf(approvedOne.orderNo)).toHaveLength(1);
    expect((await orderRow(waiting.orderNo)).status).toBe(OrderStatus.unconfirmed);
  });
});
