/**
 * Google Play real-time developer notifications through HTTP (docs/decisions/0048-app-store-purchases.md):
 * Pub/Sub pushes with OIDC tokens from a local Google that signs like the real one (JWKS, token
 * endpoint, Android Publisher's subscriptionsv2.get: server/test/fakes/google-play/google-play.fake.ts).
 * A purchase and a renewal are orders extending the membership once; a token not Google's, for
 * another audience or account, another app → 2600020; copies and twenty at once apply once;
 * revocation and voided purchases shorten; an unknown account is recorded and refused.
 */
import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { startFakeGooglePlay } from '../../../test/fakes/google-play/google-play.fake.ts';
import { gatewayAppForTests } from '../../../test/gateway-app.ts';
import { memberships, orders, subscriptionEvents } from '../../db/schema/index.ts';
import { iso } from '../../lib/time.ts';
import { storeInvoiceId } from './store-orders.ts';

const PACKAGE = 'com.example.viewer';
const PRODUCT = 'viewer_premium_monthly';
const DAY = 86_400_000;

const { t, fake } = gatewayAppForTests(
  () =>
    startFakeGooglePlay({
      packageName: PACKAGE,
      audience: 'https://account.example.com/play-push',
      pushAccount: 'pubsub-push@fake-project.iam.gserviceaccount.com',
    }),
  (f) => ({ env: { ...f.env, GOOGLE_PLAY_PRODUCTS: `${PRODUCT}=ML2` } }),
);

const post = (p: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: httpPaths.googlePlayNotify, headers: p.headers, payload: p.body });
const orderOf = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(orders)
      .where(eq(orders.invoiceId, storeInvoiceId('googlePlay', orderId)))
  )[0];
const grantsOf = (userId: string) =>
  t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, 'ML2')));
const lastEnd = async (userId: string) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, 'ML2')))
      .orderBy(desc(memberships.endTime))
  )[0]?.endTime ?? null;

/** A purchase token at the fake, its first order paid until `days` from now. */
function bought(who: Account | null, days = 30, over: Partial<Parameters<typeof fake.subscriptions.set>[1]> = {}) {
  const token = `tok-${randomUUID()}`;
  const orderId = `GPA.${Math.floor(Math.random() * 1e4)}-${Math.floor(Math.random() * 1e4)}-${Math.floor(Math.random() * 1e4)}-${Math.floor(Math.random() * 1e5)}`;
  fake.subscriptions.set(token, {
    latestOrderId: orderId,
    productId: PRODUCT,
    accountId: who?.userId ?? null,
    expiryTime: new Date(Date.now() + days * DAY),
    ...over,
  });
  return { token, orderId };
}
const note = (type: number, purchaseToken: string) => ({
  subscriptionNotification: { version: '1.0', notificationType: type, purchaseToken, subscriptionId: PRODUCT },
});

const mine = async (who: Account) => {
  const res = await t.client
    .from(who.ip)
    .call<{ rows: TSubscription[] }>(calls.subscriptions.mine, {}, { token: who.token });
  expect(res.code).toBe(Code.ok);
  return res.data.rows;
};

describe('Google Play purchases', () => {
  it('the renewing memberships of the member list the Google Play subscription, managed at Google Play, none of our calls change it', async () => {
    const who = await createAccount(t);
    const { token } = bought(who);
    // twenty copies at once: one row
    const p = await fake.push(note(4, token));
    expect((await Promise.all(Array.from({ length: 20 }, () => post(p)))).map((a) => a.statusCode)).toEqual(
      Array(20).fill(204),
    );
    const expiry = fake.subscriptions.get(token)!.expiryTime;
    const [row, ...rest] = await mine(who);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      provider: 'googlePlay',
      manageUrl: `https://play.google.com/store/account/subscriptions?sku=${PRODUCT}&package=${PACKAGE}`,
      goodsCode: 'ML2',
      interval: 'month',
      price: { amount: 399, currency: 'USD' },
      state: 'active',
      cancelAtPeriodEnd: false,
      periodEnd: iso(expiry),
      scheduledChange: null,
    });
    // our cancel does not know it: the member cancels at Google Play
    const cancel = await t.client.from(who.ip).call(calls.subscriptions.cancel, { id: row!.id }, { token: who.token });
    expect(cancel.code).toBe(Code.subscriptionNotFound);
    // cancelled at Google Play: it runs to its end and no longer renews
    fake.subscriptions.set(token, { ...fake.subscriptions.get(token)!, state: 'SUBSCRIPTION_STATE_CANCELED' });
    expect((await post(await fake.push(note(3, token)))).statusCode).toBe(204);
    expect(await mine(who)).toMatchObject([{ id: row!.id, state: 'active', cancelAtPeriodEnd: true }]);
    // another member sees none of it
    expect(await mine(await createAccount(t))).toEqual([]);
    // expired: gone from the list once its end has passed
    fake.subscriptions.set(token, {
      ...fake.subscriptions.get(token)!,
      state: 'SUBSCRIPTION_STATE_EXPIRED',
      expiryTime: new Date(Date.now() - 1000),
    });
    expect((await post(await fake.push(note(13, token)))).statusCode).toBe(204);
    expect(await mine(who)).toEqual([]);
  });

  it('PURCHASED then RENEWED: orders of type googlePlayAutoRenewal, each extending the membership once', async () => {
    const who = await createAccount(t);
    const { token, orderId } = bought(who);
    const res = await post(await fake.push(note(4, token)));
    expect(res.statusCode).toBe(204);
    expect(await orderOf(orderId)).toMatchObject({
      userId: who.userId,
      channel: 'googlePlay',
      orderType: 'googlePlayAutoRenewal',
      status: OrderStatus.paid,
      currency: 'USD',
      payAmount: 399,
      payMethod: 7,
    });
    const end = (await lastEnd(who.userId))!;
    expect(Math.abs(end.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    // the renewal: a new Google Play order (..0) on the same token
    const s = fake.subscriptions.get(token)!;
    fake.subscriptions.set(token, {
      ...s,
      latestOrderId: `${orderId}..0`,
      expiryTime: new Date(s.expiryTime.getTime() + 30 * DAY),
    });
    expect((await post(await fake.push(note(2, token)))).statusCode).toBe(204);
    expect(await orderOf(`${orderId}..0`)).toMatchObject({ status: OrderStatus.paid });
    expect(await grantsOf(who.userId)).toHaveLength(2);
  });

  it('copies, other notifications of the same order and twenty at once extend the membership once', async () => {
    const who = await createAccount(t);
    const { token } = bought(who);
    const p = await fake.push(note(4, token));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(p)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    const others = await Promise.all(Array.from({ length: 20 }, async () => post(await fake.push(note(7, token)))));
    expect(others.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    expect(await grantsOf(who.userId)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, who.userId))).toHaveLength(1);
  });

  it('refuses a push Google did not sign for us with 2600020, without asking the Android Publisher API', async () => {
    const who = await createAccount(t);
    const { token, orderId } = bought(who);
    const calls = fake.apiCalls();
    const good = await fake.push(note(4, token));
    const refused = [
      await post(await fake.push(note(4, token), { by: 'forger' })),
      await post(await fake.push(note(4, token), { audience: 'https://elsewhere.example.com' })),
      await post(await fake.push(note(4, token), { email: 'someone@example.com' })),
      await post(await fake.push(note(4, token), { packageName: 'com.other.app' })),
      await post({ body: good.body, headers: { 'content-type': 'application/json' } }),
      await post({ body: 'not json', headers: good.headers }),
    ];
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: Code.storeNotificationInvalid });
    }
    expect(fake.apiCalls()).toBe(calls);
    // a token Google does not know
    const unknown = await post(await fake.push(note(4, 'tok-never-issued')));
    expect(unknown.statusCode).toBe(400);
    expect(await orderOf(orderId)).toBeUndefined();
    expect(await grantsOf(who.userId)).toHaveLength(0);
  });

  it('REVOKED and a voided purchase refund the order and end its membership, once', async () => {
    for (const how of ['revoked', 'voided'] as const) {
      const who = await createAccount(t);
      const { token, orderId } = bought(who);
      expect((await post(await fake.push(note(4, token)))).statusCode).toBe(204);
      const back =
        how === 'revoked'
          ? note(12, token)
          : { voidedPurchaseNotification: { purchaseToken: token, orderId, productType: 1, refundType: 1 } };
      expect((await post(await fake.push(back))).statusCode).toBe(204);
      expect(await orderOf(orderId)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 399 });
      expect((await lastEnd(who.userId))!.getTime()).toBeLessThanOrEqual(Date.now());
      expect((await post(await fake.push(back))).statusCode).toBe(204);
      expect(await orderOf(orderId)).toMatchObject({ refundAmount: 399 });
    }
  });

  it('records CANCELED, ON_HOLD and EXPIRED; records and refuses an unknown account (2600021)', async () => {
    const who = await createAccount(t);
    const { token } = bought(who);
    expect((await post(await fake.push(note(4, token)))).statusCode).toBe(204);
    const end = await lastEnd(who.userId);
    for (const type of [3, 5, 13]) {
      const p = await fake.push(note(type, token));
      expect((await post(p)).statusCode).toBe(204);
    }
    expect(await lastEnd(who.userId)).toEqual(end);
    const nobody = bought({ ...who, userId: randomUUID() });
    const p = await fake.push(note(4, nobody.token), { messageId: `m-${randomUUID()}` });
    for (let i = 0; i < 2; i++) {
      const r = await post(p);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: Code.storeAccountUnknown });
    }
    const rows = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.provider, 'googlePlay'));
    expect(rows.filter((r) => r.outcome === 'unknownAccount')).toHaveLength(1);
    expect(rows.filter((r) => r.outcome === 'recorded').length).toBeGreaterThanOrEqual(3);
  });
});
