/**
 * App Store Server Notifications V2 through HTTP (docs/decisions/0048-app-store-purchases.md):
 * the real `@apple/app-store-server-library` verifier against a local App Store that signs like
 * the real one (server/test/fakes/app-store/app-store.fake.ts: its own root, intermediate and leaf
 * with Apple's marker extensions, ES256). A purchase and a renewal are orders extending the
 * membership once; forged, unmarked, tampered, other-app notifications are refused with 2600020;
 * copies and twenty at once apply once; refund and revoke shorten; an unknown account is recorded
 * and refused; the member's order list shows the order.
 */

import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { type FakeNotification, startFakeAppStore } from '../../../test/fakes/app-store/app-store.fake.ts';
import { gatewayAppForTests } from '../../../test/gateway-app.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { auditLog, memberships, orders, subscriptionEvents } from '../../db/schema/index.ts';
import { appStoreInvoiceId } from './app-store-events.ts';

const BUNDLE = 'com.example.viewer';
const PRODUCT = 'com.example.viewer.premium.monthly';
const DAY = 86_400_000;

const { t, fake } = gatewayAppForTests(
  () => startFakeAppStore({ bundleId: BUNDLE }),
  (f) => ({
    env: {
      APPSTORE_BUNDLE_ID: BUNDLE,
      APPSTORE_ENVIRONMENT: 'Sandbox',
      APPSTORE_PRODUCTS: `${PRODUCT}=ML2,com.example.viewer.gone=NOPE`,
      APPSTORE_ROOT_CERTIFICATES: f.rootPem,
    },
  }),
);

const post = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: httpPaths.appStoreNotify,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
const send = (n: FakeNotification, by?: 'apple' | 'forger' | 'unmarked') => post(fake.notification(n, by));
const orderOf = async (transactionId: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(eq(orders.invoiceId, appStoreInvoiceId(transactionId)))
  )[0];
const grantsOf = (userId: string) =>
  t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, 'ML2')));
const lastEnd = async (userId: string) => {
  const rows = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, 'ML2')))
    .orderBy(desc(memberships.endTime));
  return rows[0]?.endTime ?? null;
};
const txId = () => String(2_000_000_000_000 + Math.floor(Math.random() * 1e12));
const purchase = (who: Account, type = 'SUBSCRIBED', over: Partial<FakeNotification['transaction']> = {}) => ({
  notificationType: type,
  subtype: type === 'SUBSCRIBED' ? 'INITIAL_BUY' : undefined,
  transaction: { productId: PRODUCT, appAccountToken: who.userId, transactionId: txId(), ...over },
});

const mine = async (who: Account) => {
  const res = await t.client
    .from(who.ip)
    .call<{ rows: TSubscription[] }>(calls.subscriptions.mine, {}, { token: who.token });
  expect(res.code).toBe(Code.ok);
  return res.data.rows;
};

describe('App Store purchases', () => {
  it('lists the subscription among the renewing memberships of its member, managed in the App Store; renewal off, renewed, expired', async () => {
    const who = await createAccount(t);
    const original = txId();
    const start = Date.now();
    const first = purchase(who, 'SUBSCRIBED', { originalTransactionId: original, purchaseDate: start });
    expect((await send(first)).statusCode).toBe(200);
    const [row, ...rest] = await mine(who);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      provider: 'appStore',
      manageUrl: 'https://apps.apple.com/account/subscriptions',
      goodsCode: 'ML2',
      interval: 'month',
      state: 'active',
      cancelAtPeriodEnd: false,
    });
    // the member turns renewal off in the App Store
    const off = {
      notificationType: 'DID_CHANGE_RENEWAL_STATUS',
      subtype: 'AUTO_RENEW_DISABLED',
      transaction: { ...first.transaction },
    };
    expect((await send(off)).statusCode).toBe(200);
    expect(await mine(who)).toMatchObject([{ id: row!.id, cancelAtPeriodEnd: true }]);
    // on again, and renewed: the next period's end; an EXPIRED of the first period heard late changes nothing
    expect((await send({ ...off, subtype: 'AUTO_RENEW_ENABLED' })).statusCode).toBe(200);
    const renewal = purchase(who, 'DID_RENEW', {
      originalTransactionId: original,
      purchaseDate: start + 30 * DAY,
      expiresDate: start + 60 * DAY,
    });
    expect((await send(renewal)).statusCode).toBe(200);
    expect((await send({ notificationType: 'EXPIRED', transaction: { ...first.transaction } })).statusCode).toBe(200);
    const [renewed] = await mine(who);
    expect(renewed).toMatchObject({ id: row!.id, state: 'active', cancelAtPeriodEnd: false });
    expect(Date.parse(renewed!.periodEnd!)).toBeGreaterThan(start + 59 * DAY);
    // our calls do not change it
    const resume = await t.client.from(who.ip).call(calls.subscriptions.resume, { id: row!.id }, { token: who.token });
    expect(resume.code).toBe(Code.subscriptionNotFound);
  });

  it('SUBSCRIBED: an App Store order of the period, paid, and the membership extended by it', async () => {
    const who = await createAccount(t);
    const start = Date.now();
    const n = purchase(who, 'SUBSCRIBED', { purchaseDate: start, expiresDate: start + 30 * DAY, price: 3990 });
    const res = await send(n);
    expect(res.statusCode).toBe(200);
    const order = await orderOf(n.transaction.transactionId);
    expect(order).toMatchObject({
      userId: who.userId,
      goodsCode: 'ML2',
      channel: 'appStore',
      orderType: 'appStoreAutoRenewal',
      status: OrderStatus.paid,
      currency: 'USD',
      orderAmount: 399,
      payAmount: 399,
      payMethod: 7,
    });
    const end = (await lastEnd(who.userId))!;
    expect(Math.abs(end.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    // DID_RENEW: the next period, another order, stacked after the first
    const renewal = purchase(who, 'DID_RENEW', { purchaseDate: start + 30 * DAY, expiresDate: start + 60 * DAY });
    expect((await send(renewal)).statusCode).toBe(200);
    expect(await orderOf(renewal.transaction.transactionId)).toMatchObject({ status: OrderStatus.paid });
    expect((await lastEnd(who.userId))!.getTime()).toBe(end.getTime() + 30 * DAY);

    // the member's order centre lists both, labelled by type and channel
    const list = await t.client
      .from(who.ip)
      .call<{ rows: { orderType: string; channel: string }[] }>(calls.orders.list, {}, { token: who.token });
    expect(list.code).toBe(Code.ok);
    expect(
      list.data.rows.filter((r) => r.orderType === 'appStoreAutoRenewal' && r.channel === 'appStore'),
    ).toHaveLength(2);
  });

  it('a notification heard late grants the rest of its period; one of a period already over is the order alone', async () => {
    const who = await createAccount(t);
    const late = purchase(who, 'SUBSCRIBED', {
      purchaseDate: Date.now() - 10 * DAY,
      expiresDate: Date.now() + 20 * DAY,
    });
    expect((await send(late)).statusCode).toBe(200);
    const end = (await lastEnd(who.userId))!;
    expect(Math.abs(end.getTime() - (Date.now() + 20 * DAY))).toBeLessThan(60_000);
    const over = purchase(who, 'DID_RENEW', {
      purchaseDate: Date.now() - 40 * DAY,
      expiresDate: Date.now() - 10 * DAY,
    });
    expect((await send(over)).statusCode).toBe(200);
    expect(await orderOf(over.transaction.transactionId)).toMatchObject({
      status: OrderStatus.paid,
      endDate: new Date(over.transaction.expiresDate!),
    });
    expect(await grantsOf(who.userId)).toHaveLength(1);
    expect(await lastEnd(who.userId)).toEqual(end);
  });

  it('a copy of a notification, and another notification of the same transaction, change nothing', async () => {
    const who = await createAccount(t);
    const n = purchase(who);
    const body = fake.notification(n);
    expect((await post(body)).statusCode).toBe(200);
    const end = await lastEnd(who.userId);
    expect((await post(body)).statusCode).toBe(200);
    // Apple sends the same transaction under a new notification UUID
    expect((await send({ ...n, notificationUUID: randomUUID() })).statusCode).toBe(200);
    expect(await grantsOf(who.userId)).toHaveLength(1);
    expect(await lastEnd(who.userId)).toEqual(end);
  });

  it('twenty copies at once, and twenty notifications of one transaction at once, extend the membership once', async () => {
    const who = await createAccount(t);
    const n = purchase(who);
    const body = fake.notification(n);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const other = purchase(who, 'DID_RENEW');
    const many = await Promise.all(
      Array.from({ length: 20 }, () => send({ ...other, notificationUUID: randomUUID() })),
    );
    expect(many.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await grantsOf(who.userId)).toHaveLength(2);
    const rows = await t.db.select().from(orders).where(eq(orders.userId, who.userId));
    expect(rows).toHaveLength(2);
  });

  it('refuses what the App Store did not sign with 2600020, changing nothing', async () => {
    const who = await createAccount(t);
    const n = purchase(who);
    const refused = [
      await send(n, 'forger'),
      await send(n, 'unmarked'),
      await post(fake.tampered(n)),
      await send({ ...n, bundleId: 'com.other.app' }),
      await send({ ...n, environment: 'Production' }),
      await post('{"signedPayload":"abc.def.ghi"}'),
      await post('not json'),
      await post('{}'),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: Code.storeNotificationInvalid });
    }
    expect(await grantsOf(who.userId)).toHaveLength(0);
    expect(await orderOf(n.transaction.transactionId)).toBeUndefined();
  });

  it('REFUND and REVOKE refund the order and end the membership it granted, once', async () => {
    for (const type of ['REFUND', 'REVOKE']) {
      const who = await createAccount(t);
      const n = purchase(who);
      expect((await send(n)).statusCode).toBe(200);
      const back = {
        ...n,
        notificationType: type,
        subtype: undefined,
        transaction: { ...n.transaction, revocationDate: Date.now() },
      };
      expect((await send(back)).statusCode).toBe(200);
      const order = await orderOf(n.transaction.transactionId);
      expect(order).toMatchObject({ status: OrderStatus.refunded, refundAmount: 399 });
      const end = (await lastEnd(who.userId))!;
      expect(end.getTime()).toBeLessThanOrEqual(Date.now());
      // again, under another UUID: nothing more
      expect((await send({ ...back, notificationUUID: randomUUID() })).statusCode).toBe(200);
      expect(await orderOf(n.transaction.transactionId)).toMatchObject({ refundAmount: 399 });
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, who.userId));
      expect(audits.filter((a) => a.event === 'order.refunded')).toHaveLength(1);
    }
  });

  it('a purchase notification of a transaction already revoked grants nothing', async () => {
    const who = await createAccount(t);
    const n = purchase(who, 'SUBSCRIBED', { revocationDate: Date.now() });
    expect((await send(n)).statusCode).toBe(200);
    expect(await orderOf(n.transaction.transactionId)).toBeUndefined();
    expect(await grantsOf(who.userId)).toHaveLength(0);
  });

  it('records EXPIRED and DID_FAIL_TO_RENEW without changing the membership', async () => {
    const who = await createAccount(t);
    const n = purchase(who);
    expect((await send(n)).statusCode).toBe(200);
    const end = await lastEnd(who.userId);
    for (const [type, subtype] of [
      ['DID_FAIL_TO_RENEW', 'GRACE_PERIOD'],
      ['EXPIRED', 'VOLUNTARY'],
    ] as const) {
      const note = { ...n, notificationType: type, subtype, notificationUUID: randomUUID() };
      expect((await send(note)).statusCode).toBe(200);
      const [event] = await t.db
        .select()
        .from(subscriptionEvents)
        .where(and(eq(subscriptionEvents.provider, 'appStore'), eq(subscriptionEvents.eventId, note.notificationUUID)));
      expect(event).toMatchObject({ type: `${type}.${subtype}`, outcome: 'recorded' });
    }
    expect(await lastEnd(who.userId)).toEqual(end);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.userId), like(auditLog.event, 'store.%')));
    expect(audits.map((a) => a.event).sort()).toEqual(['store.expired', 'store.paid', 'store.renewalFailed']);
  });

  it('records and refuses a purchase naming no account of ours (2600021), an unknown product (2600022) or currency (2600023)', async () => {
    const who = await createAccount(t);
    const cases: [FakeNotification, string, string][] = [
      [purchase({ ...who, userId: randomUUID() }), Code.storeAccountUnknown, 'unknownAccount'],
      [purchase({ ...who, userId: 'not-a-uuid' }), Code.storeAccountUnknown, 'unknownAccount'],
      [purchase(who, 'SUBSCRIBED', { productId: 'com.example.other' }), Code.storeProductUnknown, 'unknownProduct'],
      [
        purchase(who, 'SUBSCRIBED', { productId: 'com.example.viewer.gone' }),
        Code.storeProductUnknown,
        'unknownProduct',
      ],
      [purchase(who, 'SUBSCRIBED', { currency: 'EUR' }), Code.storeCurrencyUnsupported, 'unsupportedCurrency'],
    ];
    for (const [n, code, outcome] of cases) {
      const body = fake.notification(n);
      const { notificationUUID } = JSON.parse(
        Buffer.from(
          (JSON.parse(body) as { signedPayload: string }).signedPayload.split('.')[1]!,
          'base64url',
        ).toString(),
      ) as { notificationUUID: string };
      for (let i = 0; i < 2; i++) {
        const r = await post(body);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ code });
      }
      const events = await t.db
        .select()
        .from(subscriptionEvents)
        .where(and(eq(subscriptionEvents.provider, 'appStore'), eq(subscriptionEvents.eventId, notificationUUID)));
      expect(events).toEqual([expect.objectContaining({ outcome })]);
    }
    expect(await grantsOf(who.userId)).toHaveLength(0);
  });
});

describe('without APPSTORE_BUNDLE_ID', () => {
  const plain = testAppForTests();
  it('has no App Store endpoint: a notification answers 404 and changes nothing', async () => {
    const who = await createAccount(plain);
    const res = await plain.app.inject({
      method: 'POST',
      url: httpPaths.appStoreNotify,
      headers: { 'content-type': 'application/json' },
      payload: fake.notification(purchase(who)),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.notFound });
  });
});
