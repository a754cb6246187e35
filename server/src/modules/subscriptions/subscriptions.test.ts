/**
 * Renewing memberships through Stripe Billing: the real `stripe` SDK against the local fake
 * (server/test/fake-stripe.ts, fake-stripe-billing.ts), its events signed with the endpoint
 * secret. Every event kind; signature failures; replays and twenty copies of one event at once
 * (run on PostgreSQL in the server-pg project for real concurrency); cancel and resume; upgrade
 * and downgrade (status 7); the card portal; the reminder mails with an injected clock.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import type {
  TSubscribeResponse,
  TSubscription,
  TSubscriptionChangeResponse,
  TSubscriptionsResponse,
} from '@ac/protocol/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sendCode } from '../../../test/codes-helper.ts';
import { type Account, createAccount, postNotify } from '../../../test/commerce-fixtures.ts';
import { signedStripeEvent, startFakeStripe } from '../../../test/fake-stripe.ts';
import { deliverTo, gatewayAppForTests } from '../../../test/gateway-app.ts';
import { testServices } from '../../../test/test-app.ts';
import { memberships, orders, outbox, receipts, storeSubscriptions, subscriptions } from '../../db/schema/index.ts';
import { createOutboxMailer } from '../outbox/outbox-senders.ts';
import { createSubscriptionReminders } from './subscription-reminders.ts';

const SECRET_KEY = 'sk_test_51FakeKeyForTheLocalStripeFake0123456789';
const WEBHOOK_SECRET = 'whsec_testEndpointSecret0123456789abcdefABCDEF';
const DAY = 86_400_000;

const { t, fake } = gatewayAppForTests(
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

const call = <T>(
  who: Account,
  contract: (typeof calls.subscriptions)[keyof typeof calls.subscriptions],
  payload: unknown,
  language = 'en',
) => t.client.from(who.ip).call<T>(contract, payload, { token: who.token, clientInfo: { language } });
const ordersOf = (subscriptionId: string) =>
  t.db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId)).orderBy(orders.createdAt);
const lastEnd = async (userId: string, goodsCode: string) => {
  const rows = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, goodsCode)))
    .orderBy(desc(memberships.endTime));
  return rows[0]?.endTime ?? null;
};
const rowOf = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
/** The subscription mails to an address (not the receipts each paid period also mails, docs/decisions/0055-receipts.md). */
const mailsTo = async (email: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.createdAt)).filter(
    (m) => !/\bR-US-\d{6}\b/.test(m.subject),
  );
const post = (e: { body: string; headers: Record<string, string> }) => postNotify(t, 'stripe', e.body, e.headers);

/** A new member subscribed to `goodsCode` monthly and paid at the fake's checkout. */
async function subscribed(goodsCode = 'ML2', language = 'en') {
  const who = await createAccount(t);
  const res = await call<TSubscribeResponse>(
    who,
    calls.subscriptions.subscribe,
    { goodsCode, interval: 'month' },
    language,
  );
  expect(res.code).toBe(Code.ok);
  const sessionId = res.data.payUrl.split('/').pop()!;
  const { status, subscription } = await fake.subscribe(sessionId);
  expect(status).toBe(200);
  return { who, id: res.data.id, stripeId: subscription.id };
}

describe('subscribing', () => {
  it('lists the renewing plans in USD', async () => {
    const who = await createAccount(t);
    const res = await call<{ rows: { goodsCode: string; interval: string; price: { amount: number } }[] }>(
      who,
      calls.subscriptions.plans,
      {},
    );
    expect(res.data.rows).toContainEqual(
      expect.objectContaining({ goodsCode: 'ML2', interval: 'month', price: { amount: 399, currency: 'USD' } }),
    );
  });

  it('opens Checkout in subscription mode; the first paid invoice is an automatic order extending the membership once', async () => {
    const who = await createAccount(t);
    const res = await call<TSubscribeResponse>(
      who,
      calls.subscriptions.subscribe,
      { goodsCode: 'ML2', interval: 'month' },
      'de',
    );
    expect(res.code).toBe(Code.ok);
    const session = fake.sessions.get(res.data.payUrl.split('/').pop()!)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: res.data.id,
      amount_total: 399,
      subscriptionMetadata: {
        subscription_ref: res.data.id,
        goods_code: 'ML2',
        interval: 'month',
        user_id: who.userId,
      },
    });
    expect(session.success_url).toBe(
      `http://127.0.0.1:8080/account/secure/products?subscription=${res.data.id}&checkout=paid`,
    );
    const { subscription } = await fake.subscribe(session.id);
    const [order] = await ordersOf(res.data.id);
    expect(order).toMatchObject({ orderType: 'automatic', status: OrderStatus.paid, payAmount: 399, goodsCode: 'ML2' });
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000);
    expect((await lastEnd(who.userId, 'ML2'))?.getTime()).toBeCloseTo(periodEnd.getTime(), -4);
    const mine = await call<TSubscriptionsResponse>(who, calls.subscriptions.mine, {});
    expect(mine.data.rows).toEqual([
      expect.objectContaining({
        id: res.data.id,
        state: 'active',
        cancelAtPeriodEnd: false,
        periodEnd: periodEnd.toISOString(),
      }),
    ]);
    // one renewing membership at a time
    const again = await call(who, calls.subscriptions.subscribe, { goodsCode: 'ML3', interval: 'year' });
    expect(again.code).toBe(Code.subscriptionExists);
  });

  it('refuses a goods code without a renewing price', async () => {
    const who = await createAccount(t);
    const res = await call(who, calls.subscriptions.subscribe, { goodsCode: 'ML4', interval: 'month' });
    expect(res.code).toBe(Code.renewalPlanNotFound);
  });
});

describe('renewals', () => {
  it('a renewal invoice is a renewal order and a longer membership; its replay changes nothing', async () => {
    const { who, id, stripeId } = await subscribed();
    const before = (await lastEnd(who.userId, 'ML2'))!;
    const invoice = (await fake.billing.renew(stripeId)) as {
      id: string;
      lines: { data: { period: { end: number } }[] };
    };
    const rows = await ordersOf(id);
    expect(rows.map((o) => o.orderType)).toEqual(['automatic', 'renewal']);
    expect(rows[1]).toMatchObject({ status: OrderStatus.paid, invoiceId: invoice.id, payAmount: 399 });
    const after = (await lastEnd(who.userId, 'ML2'))!;
    expect(after.getTime()).toBeGreaterThan(before.getTime() + 27 * DAY);
    // the same invoice in another event (Stripe's invoice.paid sent again under a new id): once
    expect((await post(signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', invoice))).statusCode).toBe(200);
    expect(await ordersOf(id)).toHaveLength(2);
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBe(after.getTime());
    // each paid period has its one receipt (docs/decisions/0055-receipts.md)
    const issued = await t.db.select().from(receipts).where(eq(receipts.orderNo, rows[1]!.orderNo));
    expect(issued).toEqual([expect.objectContaining({ kind: 'receipt', amount: 399, provider: 'stripe' })]);
  });

  it('twenty copies of one invoice.paid at once extend the membership exactly once', async () => {
    const { who, id, stripeId } = await subscribed();
    fake.mute(true);
    const invoice = await fake.billing.renew(stripeId);
    fake.mute(false);
    const before = (await lastEnd(who.userId, 'ML2'))!;
    const event = signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', invoice);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await ordersOf(id);
    expect(rows.filter((o) => o.orderType === 'renewal')).toHaveLength(1);
    const grants = await t.db.select().from(memberships).where(eq(memberships.userId, who.userId));
    expect(grants).toHaveLength(2);
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses events with a bad signature, a stale timestamp or the live mode, changing nothing', async () => {
    const { id, stripeId } = await subscribed();
    fake.mute(true);
    const invoice = await fake.billing.renew(stripeId);
    fake.mute(false);
    const good = signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', invoice);
    const tampered = { body: good.body.replace('"amount_paid":399', '"amount_paid":1'), headers: good.headers };
    const stale = signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', invoice, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const foreign = signedStripeEvent('whsec_someoneElse0123456789abcdef0123', 'invoice.paid', invoice);
    const live = signedStripeEvent(WEBHOOK_SECRET, 'invoice.paid', invoice, { livemode: true });
    for (const e of [tampered, stale, foreign, live]) expect((await post(e)).statusCode).toBe(400);
    expect(await ordersOf(id)).toHaveLength(1);
    expect((await post(good)).statusCode).toBe(200);
    expect(await ordersOf(id)).toHaveLength(2);
  });

  it('a failed renewal is a payment-failed order and one mail in the member’s language; a retry that succeeds pays it', async () => {
    const { who, id, stripeId } = await subscribed('ML2', 'de');
    const before = (await lastEnd(who.userId, 'ML2'))!;
    const failed = (await fake.billing.renew(stripeId, { fail: true })) as { id: string };
    const [, order] = await ordersOf(id);
    expect(order).toMatchObject({
      orderType: 'renewal',
      status: OrderStatus.payFailed,
      invoiceId: failed.id,
      payAmount: 0,
    });
    expect((await rowOf(id)).state).toBe('pastDue');
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBe(before.getTime());
    const mails = await mailsTo(who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('konnte nicht verlängert werden');
    // Smart Retries: the same invoice paid later
    await fake.billing.retryPaid(failed.id);
    const [, paid] = await ordersOf(id);
    expect(paid).toMatchObject({ orderNo: order!.orderNo, status: OrderStatus.paid, payAmount: 399 });
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBeGreaterThan(before.getTime());
    expect((await rowOf(id)).state).toBe('active');
  });

  it('every retry failing: Stripe deletes the subscription and the membership runs to its end', async () => {
    const { who, id, stripeId } = await subscribed();
    const end = (await lastEnd(who.userId, 'ML2'))!;
    await fake.billing.renew(stripeId, { fail: true });
    expect(await fake.billing.end(stripeId)).toBe(200);
    expect((await rowOf(id)).state).toBe('ended');
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBe(end.getTime());
    const res = await call(who, calls.subscriptions.resume, { id });
    expect(res.code).toBe(Code.subscriptionEnded);
  });
});

describe('managing a renewing membership', () => {
  it('cancels (runs to its end) and resumes before the end', async () => {
    const { who, id, stripeId } = await subscribed();
    const cancelled = await call<TSubscription>(who, calls.subscriptions.cancel, { id });
    expect(cancelled.data).toMatchObject({ cancelAtPeriodEnd: true, state: 'active' });
    expect(fake.billing.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    const resumed = await call<TSubscription>(who, calls.subscriptions.resume, { id });
    expect(resumed.data.cancelAtPeriodEnd).toBe(false);
    expect(fake.billing.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);
    // another member's subscription is not found
    const other = await createAccount(t);
    expect((await call(other, calls.subscriptions.cancel, { id })).code).toBe(Code.subscriptionNotFound);
  });

  it('answers the customer portal’s URL for changing the card', async () => {
    const { who, id, stripeId } = await subscribed();
    const res = await call<{ url: string }>(who, calls.subscriptions.portal, { id });
    expect(res.code).toBe(Code.ok);
    expect(res.data.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_test_`));
    expect(fake.billing.subscriptions.get(stripeId)?.customer).toBeTruthy();
  });

  it('upgrades now: the prorated difference is an upgrade order, the higher goods run to the period end', async () => {
    const { who, id, stripeId } = await subscribed('ML2');
    const res = await call<TSubscriptionChangeResponse>(who, calls.subscriptions.change, {
      id,
      goodsCode: 'ML3',
      interval: 'month',
    });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ effective: 'now', subscription: { goodsCode: 'ML3' } });
    await fake.settled();
    await expect.poll(async () => (await ordersOf(id)).length).toBe(2);
    const [, upgrade] = await ordersOf(id);
    const periodEnd = fake.billing.subscriptions.get(stripeId)!.items.data[0]!.current_period_end * 1000;
    expect(upgrade).toMatchObject({ orderType: 'upgrade', goodsCode: 'ML3', status: OrderStatus.paid });
    expect(upgrade!.payAmount).toBeGreaterThan(290);
    expect(upgrade!.payAmount).toBeLessThanOrEqual(300);
    expect((await lastEnd(who.userId, 'ML3'))!.getTime()).toBeCloseTo(periodEnd, -4);
    // the lower plan's rest was credited: it ends now
    expect((await lastEnd(who.userId, 'ML2'))!.getTime()).toBeLessThanOrEqual(Date.now());
    // the same plan again; a declined card
    expect((await call(who, calls.subscriptions.change, { id, goodsCode: 'ML3', interval: 'month' })).code).toBe(
      Code.subscriptionSamePlan,
    );
    fake.billing.declineNextCharge();
    const declined = await call(who, calls.subscriptions.change, { id, goodsCode: 'ML5', interval: 'month' });
    expect(declined.code).toBe(Code.subscriptionChargeDeclined);
    expect((await rowOf(id)).goodsCode).toBe('ML3');
  });

  it('downgrades at the period end: status 7 on the current order, the renewal on the lower plan', async () => {
    const { who, id, stripeId } = await subscribed('ML3');
    const res = await call<TSubscriptionChangeResponse>(who, calls.subscriptions.change, {
      id,
      goodsCode: 'ML2',
      interval: 'month',
    });
    expect(res.data).toMatchObject({
      effective: 'periodEnd',
      subscription: { goodsCode: 'ML3', scheduledChange: { goodsCode: 'ML2' } },
    });
    const [current] = await ordersOf(id);
    expect(current!.status).toBe(OrderStatus.conversionDue);
    expect(fake.billing.subscriptions.get(stripeId)?.schedule).toBeTruthy();
    await fake.billing.renew(stripeId);
    const [, renewal] = await ordersOf(id);
    expect(renewal).toMatchObject({ orderType: 'renewal', goodsCode: 'ML2', payAmount: 399, status: OrderStatus.paid });
    expect(await rowOf(id)).toMatchObject({ goodsCode: 'ML2', nextGoodsCode: null, scheduleId: null });
  });

  it('cancelling drops a scheduled downgrade: the order is paid (1) again', async () => {
    const { who, id, stripeId } = await subscribed('ML3');
    await call(who, calls.subscriptions.change, { id, goodsCode: 'ML2', interval: 'month' });
    const cancelled = await call<TSubscription>(who, calls.subscriptions.cancel, { id });
    expect(cancelled.data).toMatchObject({ cancelAtPeriodEnd: true, scheduledChange: null });
    const [current] = await ordersOf(id);
    expect(current!.status).toBe(OrderStatus.paid);
    expect(fake.billing.subscriptions.get(stripeId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
  });
});

describe('reminders', () => {
  it('mails 7 days before a renewal and before the end of a cancelled membership, once each', async () => {
    const renewing = await subscribed('ML2', 'de');
    const ending = await subscribed('ML2');
    await call(ending.who, calls.subscriptions.cancel, { id: ending.id });
    const end = (await rowOf(renewing.id)).periodEnd!;
    const at = (ms: number) =>
      createSubscriptionReminders({
        ...testServices(t),
        db: t.db,
        mailer: createOutboxMailer(t.db),
        defaultLanguage: 'en',
        webUrl: 'https://ac.example/account/secure',
        now: () => new Date(ms),
      });
    const early = await at(end.getTime() - 8 * DAY).remind();
    expect(early.renewal + early.ending).toBe(0);
    const due = await at(end.getTime() - 6 * DAY).remind();
    expect(due.renewal).toBeGreaterThanOrEqual(1);
    expect(due.ending).toBeGreaterThanOrEqual(1);
    const again = await at(end.getTime() - 5 * DAY).remind();
    expect(again).toEqual({ renewal: 0, ending: 0 });
    const [renewMail] = await mailsTo(renewing.who.email);
    expect(renewMail!.subject).toContain('verlängert sich am');
    const [endMail] = await mailsTo(ending.who.email);
    expect(endMail!.subject).toContain('ends on');
    expect(endMail!.body).toContain('https://ac.example/account/secure/products?renew=ML2');
  });
});

describe('orders a provider charges', () => {
  it('a renewal order that failed is never paid through the member’s pay call (2600050); an order of an app store neither', async () => {
    const { who, id, stripeId } = await subscribed();
    await fake.billing.renew(stripeId, { fail: true });
    const [first, failed] = await ordersOf(id);
    expect(failed).toMatchObject({ orderType: 'renewal', status: OrderStatus.payFailed });
    for (const o of [first!, failed!]) {
      const res = await t.client
        .from(who.ip)
        .call(calls.payments.pay, { orderNo: o.orderNo, payMethod: 7 }, { token: who.token });
      expect(res.code).toBe(Code.orderChargedByProvider);
    }
    // a store order (channel appStore, no subscription row) is refused the same way
    await t.db
      .update(orders)
      .set({ channel: 'appStore', subscriptionId: null })
      .where(eq(orders.orderNo, failed!.orderNo));
    const store = await t.client
      .from(who.ip)
      .call(calls.payments.pay, { orderNo: failed!.orderNo, payMethod: 7 }, { token: who.token });
    expect(store.code).toBe(Code.orderChargedByProvider);
    expect((await t.db.select().from(orders).where(eq(orders.orderNo, failed!.orderNo)))[0]!.status).toBe(
      OrderStatus.payFailed,
    );
  });
});

describe('account deletion', () => {
  it('ends the member’s subscription at Stripe in the deletion and nothing renews it after', async () => {
    const { who, id, stripeId } = await subscribed();
    // a Google Play subscription too: the store's to cancel, forgotten here
    await t.db.insert(storeSubscriptions).values({
      userId: who.userId,
      store: 'googlePlay',
      storeSubscriptionId: `tok-${who.userId}`,
      productId: 'viewer_premium_monthly',
      goodsCode: 'ML2',
      interval: 'month',
      amount: 399,
      currency: 'USD',
      state: 'active',
      autoRenewing: true,
      expiresAt: new Date(Date.now() + 30 * DAY),
      manageUrl: 'https://play.google.com/store/account/subscriptions?sku=viewer_premium_monthly&package=com.example',
    });
    const code = await sendCode(t, { email: who.email }, 'cancelAccount', who.token);
    const res = await t.client
      .from(who.ip)
      .call(calls.account.cancel, { agree: true, code, channel: 'email' }, { token: who.token });
    expect(res.code).toBe(Code.ok);
    // ended on our side in the deletion's transaction
    expect(await rowOf(id)).toMatchObject({ state: 'ended', cancelAtPeriodEnd: true });
    expect(await t.db.select().from(storeSubscriptions).where(eq(storeSubscriptions.userId, who.userId))).toEqual([]);
    // and at Stripe by the durable job, once
    await vi.waitFor(() => expect(fake.billing.cancelledNow).toContain(stripeId), { timeout: 15_000 });
    expect(fake.billing.subscriptions.get(stripeId)!.status).toBe('canceled');
    expect(fake.billing.cancelledNow.filter((s) => s === stripeId)).toHaveLength(1);
    await fake.settled?.();
    // Stripe's customer.subscription.deleted changes nothing more
    expect(await rowOf(id)).toMatchObject({ state: 'ended' });
    expect(await ordersOf(id)).toHaveLength(1);
  });
});
