/**
 * FastSpring's popup storefront through HTTP (docs/decisions/0053-popup-storefront.md), against
 * the local FastSpring (server/test/fakes/fastspring/fastspring.fake.ts): the pay call's secure
 * payload decrypts with our public key to the goods' product at our price, tagged with the order
 * and the account; the popup's payment arrives as a signed order.completed and pays the order
 * once (twenty copies at once, replays, a resend under a new id); a rebill is a renewal order
 * extending the membership once; a return refunds the order (8, then 5) once; cancellation and
 * activation are recorded; unsigned, forged, tampered, other-mode and foreign events are refused
 * with their codes and change nothing.
 */
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TOrderPayResponse } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { type FakeFastspringEvent, startFakeFastspring } from '../../../test/fakes/fastspring/fastspring.fake.ts';
import { gatewayAppForTests } from '../../../test/gateway-app.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { auditLog, memberships, orders, subscriptionEvents } from '../../db/schema/index.ts';
import { storeInvoiceId } from './store-orders.ts';

const DAY = 86_400_000;
const ACCESS_KEY = 'AcE2eFakeAccessKey01';
const SECRET = 'fastspring-webhook-secret-0123456789abcdef';
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

const post = (w: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: httpPaths.fastspringWebhook, headers: w.headers, payload: w.body });

const { t, fake, buyer } = gatewayAppForTests(
  (app) =>
    startFakeFastspring({
      publicKey,
      webhookSecret: SECRET,
      accessKey: ACCESS_KEY,
      deliver: async (body, headers) => ({
        status: (await app.app.inject({ method: 'POST', url: httpPaths.fastspringWebhook, headers, payload: body }))
          .statusCode,
      }),
    }),
  (f) => ({
    env: {
      PAYMENT_PROVIDERS: 'fastspring',
      FASTSPRING_STOREFRONT: 'accountcenter.test.onfastspring.com/popup-accountcenter',
      FASTSPRING_ACCESS_KEY: ACCESS_KEY,
      FASTSPRING_PRIVATE_KEY: privateKey,
      FASTSPRING_WEBHOOK_SECRET: SECRET,
      FASTSPRING_PRODUCTS: 'ML2=viewer-premium,ML3=viewer-professional',
      FASTSPRING_SCRIPT_URL: f.scriptUrl,
    },
  }),
);
const { orderRow, grantsOf, outcomesOf } = orderRecords(t);

const lastEnd = async (userId: string, goodsCode = 'ML2') =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, goodsCode)))
      .orderBy(desc(memberships.endTime))
  )[0]?.endTime ?? null;

/** An order of `who` whose storefront checkout was started: the order number and the popup's answer. */
async function started(who: Account, goodsCode = 'ML2') {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode }, { token: who.token });
  expect(created.code).toBe(Code.ok);
  const { orderNo } = created.data;
  const pay = await t.client
    .from(who.ip)
    .call<TOrderPayResponse>(
      calls.payments.pay,
      { orderNo, payMethod: PayMethod.other, channel: 'fastspring' },
      { token: who.token },
    );
  expect(pay.code).toBe(Code.ok);
  if (!('popup' in pay.data)) throw new Error('no popup in the pay answer');
  return { orderNo, popup: pay.data.popup };
}

/** An order paid in the popup: the order number, FastSpring's order and the session. */
async function paid(who: Account, goodsCode = 'ML2') {
  const { orderNo, popup } = await started(who, goodsCode);
  const session = fake.open(popup)!;
  const fsOrder = await fake.pay(session);
  return { orderNo, fsOrder, session };
}

const charge = (who: Account, orderNo: string, over: Record<string, unknown> = {}): FakeFastspringEvent => {
  const id = `FsRebill${randomUUID().slice(0, 8)}`;
  return {
    type: 'subscription.charge.completed',
    data: {
      order: { id, order: id, reference: `R-${id}`, currency: 'USD', total: 39.99, tax: 0, completed: true },
      subscription: { id: `FsSub-${orderNo}`, tags: { orderNo, account: who.userId }, product: 'viewer-premium' },
      currency: 'USD',
      total: 39.99,
      status: 'successful',
      ...over,
    },
  };
};

describe('the popup storefront (FastSpring)', () => {
  it('a FastSpring subscription is listed among the renewing memberships, managed by FastSpring; cancelled there, it ends', async () => {
    const who = await createAccount(t);
    const { orderNo } = await paid(who);
    const sub = { id: `FsSub-${orderNo}`, product: 'viewer-premium', tags: { orderNo, account: who.userId } };
    expect((await post(fake.webhook([{ type: 'subscription.activated', data: sub }]))).statusCode).toBe(200);
    const mine = async () => {
      const res = await t.client
        .from(who.ip)
        .call<{ rows: TSubscription[] }>(calls.subscriptions.mine, {}, { token: who.token });
      expect(res.code).toBe(Code.ok);
      return res.data.rows;
    };
    const [row, ...rest] = await mine();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      provider: 'fastspring',
      manageUrl: 'https://accountcenter.test.onfastspring.com/account',
      goodsCode: 'ML2',
      interval: 'year',
      price: { amount: 3999, currency: 'USD' },
      state: 'active',
      cancelAtPeriodEnd: false,
    });
    // a rebill: the next period's end
    expect((await post(fake.webhook([charge(who, orderNo)]))).statusCode).toBe(200);
    const [renewed] = await mine();
    expect(Date.parse(renewed!.periodEnd!)).toBeGreaterThan(Date.parse(row!.periodEnd!));
    expect((await post(fake.webhook([{ type: 'subscription.canceled', data: sub }]))).statusCode).toBe(200);
    expect(await mine()).toMatchObject([{ id: row!.id, cancelAtPeriodEnd: true }]);
  });

  it('the pay call answers the popup: our price and tags encrypted with our key, the order awaiting FastSpring', async () => {
    const { orderNo, popup } = await started(buyer);
    expect(popup).toMatchObject({
      scriptUrl: fake.scriptUrl,
      storefront: 'accountcenter.test.onfastspring.com/popup-accountcenter',
      accessKey: ACCESS_KEY,
    });
    expect(fake.decrypt(popup.securePayload, popup.secureKey)).toMatchObject({
      products: [{ path: 'viewer-premium', quantity: 1, pricing: { price: { USD: 39.99 } } }],
      tags: { orderNo, account: buyer.userId },
    });
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.unconfirmed, payMethod: PayMethod.other });
    // a goods FastSpring does not sell here
    const other = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML5' }, { token: buyer.token });
    const refused = await t.client.call(
      calls.payments.pay,
      { orderNo: other.data.orderNo, payMethod: PayMethod.other, channel: 'fastspring' },
      { token: buyer.token },
    );
    expect(refused.code).toBe(Code.storefrontProductMissing);
    // the page may load the script and frame the popup from FastSpring's origins, and only those
    const csp = String(
      (await t.app.inject({ method: 'GET', url: httpPaths.healthz })).headers['content-security-policy'],
    );
    const storefront = 'https://accountcenter.test.onfastspring.com';
    expect(csp).toContain(`script-src 'self' ${fake.url} ${storefront};`);
    expect(csp).toContain(`frame-src 'self' ${fake.url} ${storefront}`);
    expect(csp).toContain(`connect-src 'self' ${fake.url} ${storefront};`);
  });

  it('order.completed pays the order once and grants the membership; the order centre lists it', async () => {
    const who = await createAccount(t);
    const { orderNo, fsOrder } = await paid(who);
    expect(await orderRow(orderNo)).toMatchObject({
      status: OrderStatus.paid,
      payAmount: 3999,
      payMethod: PayMethod.other,
      channel: 'web',
    });
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await outcomesOf(orderNo)).toEqual(['granted']);
    const end = (await lastEnd(who.userId))!;
    expect(Math.abs(end.getTime() - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
    expect(fsOrder.reference).toMatch(/^ACC/);
    const list = await t.client
      .from(who.ip)
      .call<{ rows: { orderNo: string; status: number }[] }>(calls.orders.list, {}, { token: who.token });
    expect(list.data.rows.find((r) => r.orderNo === orderNo)).toMatchObject({ status: OrderStatus.paid });
  });

  it('the same event twenty times at once, a replay and a resend under a new id pay once', async () => {
    const who = await createAccount(t);
    const { orderNo, popup } = await started(who);
    const session = fake.open(popup)!;
    const s = fake.sessions.get(session)!;
    s.order = { id: `FsOrd${randomUUID().slice(0, 8)}`, reference: 'ACC-RACE' };
    const w = fake.webhook([{ ...fake.completedEvent(s), id: `ev-${randomUUID()}` }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(w)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect((await post(w)).statusCode).toBe(200);
    expect((await post(fake.webhook([fake.completedEvent(s)]))).statusCode).toBe(200);
    expect(await grantsOf(orderNo)).toHaveLength(1);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
    const rows = await t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.provider, 'fastspring'), eq(subscriptionEvents.type, 'order.completed')));
    expect(rows.filter((r) => r.eventId === JSON.parse(w.body).events[0].id)).toHaveLength(1);
  });

  it('refuses what FastSpring did not sign with our secret (2600040), changing nothing', async () => {
    const who = await createAccount(t);
    const { orderNo, popup } = await started(who);
    const s = fake.sessions.get(fake.open(popup)!)!;
    s.order = { id: `FsOrd${randomUUID().slice(0, 8)}`, reference: 'ACC-FORGED' };
    const good = fake.webhook([fake.completedEvent(s)]);
    const refused = [
      await post(fake.webhook([fake.completedEvent(s)], 'forger')),
      await post({ body: good.body, headers: { 'content-type': 'application/json' } }),
      await post({ body: good.body.replace('39.99', '0.01'), headers: good.headers }),
      await post({ body: good.body, headers: { ...good.headers, 'x-fs-signature': 'AAAA' } }),
      await post(signed('not json')),
      await post(signed('{"events":{}}')),
      await post(signed('{"events":[{"type":"order.completed"}]}')),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: Code.storefrontSignatureInvalid });
    }
    expect(await grantsOf(orderNo)).toHaveLength(0);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.unconfirmed });
    // the header's name in any case
    const upper = await post({ body: good.body, headers: { 'X-FS-Signature': good.headers['x-fs-signature'] } });
    expect(upper.statusCode).toBe(200);
    expect(await grantsOf(orderNo)).toHaveLength(1);
  });

  it('refuses an event of the other mode (2600042) and an amount not the order’s (2000008)', async () => {
    const who = await createAccount(t);
    const { orderNo, popup } = await started(who);
    const s = fake.sessions.get(fake.open(popup)!)!;
    s.order = { id: `FsOrd${randomUUID().slice(0, 8)}`, reference: 'ACC-MODE' };
    const live = await post(fake.webhook([{ ...fake.completedEvent(s), live: true }]));
    expect(live.statusCode).toBe(400);
    expect(live.json()).toMatchObject({ code: Code.storefrontOtherMode });
    const e = fake.completedEvent(s);
    const cheap = await post(fake.webhook([{ ...e, data: { ...e.data, total: 1.99 } }]));
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json()).toMatchObject({ code: Code.paymentMismatch });
    expect(await grantsOf(orderNo)).toHaveLength(0);
    // FastSpring's tax on top of our price is the merchant of record's: the order is paid at our price
    const taxed = await post(fake.webhook([{ ...e, data: { ...e.data, total: 47.99, tax: 8 } }]));
    expect(taxed.statusCode).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, payAmount: 3999 });
  });

  it('subscription.charge.completed: a renewal order extending the membership once, twenty at once or resent', async () => {
    const who = await createAccount(t);
    const { orderNo } = await paid(who);
    const end = (await lastEnd(who.userId))!;
    const activated = await post(
      fake.webhook([
        {
          type: 'subscription.activated',
          data: { id: `FsSub-${orderNo}`, product: 'viewer-premium', tags: { orderNo, account: who.userId } },
        },
      ]),
    );
    expect(activated.statusCode).toBe(200);
    const rebill = charge(who, orderNo);
    const w = fake.webhook([rebill]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(w)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // FastSpring resends the same charge under a new event id
    expect((await post(fake.webhook([rebill]))).statusCode).toBe(200);
    const fsOrder = (rebill.data.order as { id: string }).id;
    const [renewal] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.invoiceId, storeInvoiceId('fastspring', fsOrder)));
    expect(renewal).toMatchObject({
      userId: who.userId,
      goodsCode: 'ML2',
      orderType: 'renewal',
      channel: 'subscription',
      status: OrderStatus.paid,
      payAmount: 3999,
      payMethod: PayMethod.other,
    });
    // one more year (less the milliseconds between the two grants' clocks)
    expect(Math.abs((await lastEnd(who.userId))!.getTime() - (end.getTime() + 365 * DAY))).toBeLessThan(1000);
    const mine = await t.db.select().from(orders).where(eq(orders.userId, who.userId));
    expect(mine).toHaveLength(2);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.userId), like(auditLog.event, 'store.%')));
    expect(audits.map((a) => a.event).sort()).toEqual(['store.paid', 'store.subscribed']);
  });

  it('refuses a rebill naming no account of ours (2600041) or no order of ours (2600043), recorded once', async () => {
    const who = await createAccount(t);
    const { orderNo } = await paid(who);
    const nobody = charge({ ...who, userId: randomUUID() }, orderNo);
    const w = fake.webhook([nobody]);
    for (let i = 0; i < 2; i++) {
      const r = await post(w);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: Code.storefrontAccountUnknown });
    }
    const untagged = charge(who, orderNo, { subscription: 'FsSub-untagged' });
    const r = await post(fake.webhook([untagged]));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: Code.storefrontSubscriptionUnknown });
    const stranger = await createAccount(t);
    const foreign = await post(fake.webhook([charge(stranger, orderNo)]));
    expect(foreign.json()).toMatchObject({ code: Code.storefrontSubscriptionUnknown });
    expect(await t.db.select().from(orders).where(eq(orders.userId, who.userId))).toHaveLength(1);
    const eventId = JSON.parse(w.body).events[0].id as string;
    const [row] = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.eventId, eventId));
    expect(row).toMatchObject({ provider: 'fastspring', outcome: 'unknownAccount' });
  });

  it('return.created refunds the order (8, then 5) and shortens the membership, each return once', async () => {
    const who = await createAccount(t);
    const { orderNo, fsOrder } = await paid(who);
    const end = (await lastEnd(who.userId))!;
    const ret = (id: string, amount: number): FakeFastspringEvent => ({
      type: 'return.created',
      data: {
        return: id,
        reference: `RET-${id}`,
        completed: true,
        currency: 'USD',
        totalReturn: amount,
        tax: 0,
        original: { id: fsOrder.id, order: fsOrder.id, reference: fsOrder.reference },
        reason: 'Customer request',
      },
    });
    const part = ret(`FsRet${randomUUID().slice(0, 8)}`, 10);
    const copies = await Promise.all(Array.from({ length: 10 }, () => post(fake.webhook([part]))));
    expect(copies.map((c) => c.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 1000 });
    expect((await lastEnd(who.userId))!.getTime()).toBeLessThan(end.getTime());
    const rest = ret(`FsRet${randomUUID().slice(0, 8)}`, 29.99);
    expect((await post(fake.webhook([rest]))).statusCode).toBe(200);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    expect((await lastEnd(who.userId))!.getTime()).toBeLessThanOrEqual(Date.now());
    // a return of an order we never sold is acknowledged and changes nothing
    expect(
      (await post(fake.webhook([{ ...rest, data: { ...rest.data, return: 'x', original: 'nope' } }]))).statusCode,
    ).toBe(200);
    const refunds = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.userId), like(auditLog.event, 'order.%efunded')));
    expect(refunds.map((r) => r.event).sort()).toEqual(['order.partiallyRefunded', 'order.refunded']);
  });

  it('subscription.canceled is recorded and the membership runs to its end; one post carries several events', async () => {
    const who = await createAccount(t);
    const { orderNo } = await paid(who);
    const end = await lastEnd(who.userId);
    const tags = { orderNo, account: who.userId };
    const w = fake.webhook([
      { type: 'subscription.canceled', data: { id: `FsSub-${orderNo}`, state: 'canceled', tags } },
      { type: 'subscription.deactivated', data: { id: `FsSub-${orderNo}`, tags } },
    ]);
    expect((await post(w)).statusCode).toBe(200);
    expect(await lastEnd(who.userId)).toEqual(end);
    const ids = (JSON.parse(w.body).events as { id: string }[]).map((e) => e.id);
    const rows = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.provider, 'fastspring'));
    expect(
      rows
        .filter((r) => ids.includes(r.eventId))
        .map((r) => r.outcome)
        .sort(),
    ).toEqual(['ignored', 'recorded']);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.userId), eq(auditLog.event, 'store.cancelled')));
    expect(audit?.detail).toMatchObject({ store: 'fastspring', orderNo });
  });
});

/** A body signed with our secret (to reach the checks after the signature). */
function signed(body: string) {
  const signature = createHmac('sha256', SECRET).update(body, 'utf8').digest('base64');
  return { body, headers: { 'content-type': 'application/json', 'x-fs-signature': signature } };
}
