/**
 * Renewing memberships in China through Alipay agreement payments: the real `alipay-sdk` against
 * the local fake (server/test/fake-alipay.ts), whose agreement notifications are RSA2-signed like
 * Alipay's. Subscribe (the signing page), dut_user_sign and dut_user_unsign, bad signatures,
 * replays, twenty copies of the signed notification and twenty deductions at once (on PostgreSQL
 * in the server-pg project), the renewal deduction and the failed ones with their retries under
 * an injected clock, cancel (unsign) and resume (sign again).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import type { TSubscribeResponse, TSubscription, TSubscriptionResumeResponse } from '@ac/protocol/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alipayAppForTests, postAlipay } from '../../../test/alipay-fixtures.ts';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { memberships, orders, outbox, subscriptions } from '../../db/schema/index.ts';
import { DAY } from '../../lib/time.ts';
import { createOutboxMailer } from '../outbox/outbox-senders.ts';
import { CHARGE_AHEAD_MS, createAgreementCharges } from './agreement-charges.ts';

const { t, fake } = alipayAppForTests();

const call = <T>(
  who: Account,
  contract: (typeof calls.subscriptions)[keyof typeof calls.subscriptions],
  payload: unknown,
) => t.client.from(who.ip).call<T>(contract, payload, { token: who.token, clientInfo: { language: 'en' } });
const ordersOf = (id: string) =>
  t.db.select().from(orders).where(eq(orders.subscriptionId, id)).orderBy(orders.createdAt);
const rowOf = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const grantsOf = (userId: string) =>
  t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, 'ML2')))
    .orderBy(desc(memberships.endTime));
const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.recipient, email));

/** The deductions as the scheduled job makes them, at the time `ms`. */
const chargesAt = (ms: number) =>
  createAgreementCharges({
    ...testServices(t),
    db: t.db,
    agreements: testServices(t).gateways.agreements,
    mailer: createOutboxMailer(t.db),
    log: t.app.log,
    defaultLanguage: 'en',
    webUrl: 'https://ac.example/account/secure',
    now: () => new Date(ms),
  });

/** Subscribes `who` monthly: the signing page opened at the fake (its signature checked there). */
async function startSigning(who: Account) {
  const res = await call<TSubscribeResponse>(who, calls.subscriptions.subscribe, {
    goodsCode: 'ML2',
    interval: 'month',
  });
  expect(res.code).toBe(Code.ok);
  const page = await fetch(res.data.payUrl);
  expect(page.status).toBe(200);
  const row = await rowOf(res.data.id);
  return { id: res.data.id, signRef: row.signRef! };
}

/** A member who signed and whose first period was deducted. */
async function subscribed() {
  const who = await createAccount(t);
  const { id, signRef } = await startSigning(who);
  const { notice } = fake.sign(signRef);
  expect((await postAlipay(t, notice)).body).toBe('success');
  expect(await chargesAt(Date.now()).charge(id)).toMatch(/granted|notDue/);
  await expect.poll(async () => (await rowOf(id)).state).toBe('active');
  return { who, id, agreementNo: (await rowOf(id)).providerSubscriptionId! };
}

describe('signing and the first period', () => {
  it('signs through Alipay’s page, then deducts the first period: an automatic order, one month', async () => {
    const who = await createAccount(t);
    const { id, signRef } = await startSigning(who);
    const signing = fake.signings.get(signRef)!;
    expect(signing.biz).toMatchObject({
      personal_product_code: 'CYCLE_PAY_AUTH_P',
      period_rule_params: { period_type: 'MONTH', period: 1 },
    });
    expect(signing.notifyUrl).toMatch(/\/order\/v5\/pay\/notify\/alipay$/);
    expect(signing.returnUrl).toContain(`/products?subscription=${id}&checkout=signed`);

    const { notice } = fake.sign(signRef);
    expect((await postAlipay(t, notice)).body).toBe('success');
    expect((await rowOf(id)).providerSubscriptionId).toBe(notice.agreement_no);
    await chargesAt(Date.now()).charge(id);
    await expect.poll(async () => (await rowOf(id)).state).toBe('active');
    const [order] = await ordersOf(id);
    expect(order).toMatchObject({
      orderType: 'automatic',
      status: OrderStatus.paid,
      payMethod: PayMethod.alipay,
      channel: 'subscription',
    });
    const [grant] = await grantsOf(who.userId);
    const row = await rowOf(id);
    expect(grant!.endTime.getTime() - grant!.startTime.getTime()).toBe(
      row.periodEnd!.getTime() - row.periodStart!.getTime(),
    );
    expect(row.nextChargeAt!.getTime()).toBe(row.periodEnd!.getTime() - CHARGE_AHEAD_MS);
    const mine = await call<{ rows: TSubscription[] }>(who, calls.subscriptions.mine, {});
    expect(mine.data.rows).toMatchObject([{ id, provider: 'alipay', state: 'active', cancelAtPeriodEnd: false }]);
  });

  it('refuses a notification whose signature does not verify, and one of a signing we never started', async () => {
    const who = await createAccount(t);
    const { id, signRef } = await startSigning(who);
    const { notice } = fake.sign(signRef);
    expect((await postAlipay(t, { ...notice, agreement_no: '20269999' })).body).toBe('failure');
    expect(
      (await postAlipay(t, { ...notice, sign: notice.sign!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).body,
    ).toBe('failure');
    expect((await rowOf(id)).providerSubscriptionId).toBeNull();
    const other = await startSigning(who);
    fake.signings.set('0'.repeat(32), fake.signings.get(other.signRef)!);
    const stranger = fake.sign('0'.repeat(32));
    expect((await postAlipay(t, stranger.notice)).body).toBe('failure');
  });

  it('twenty copies of the signed notification at once and twenty deductions at once: one agreement, one order, one month', async () => {
    const who = await createAccount(t);
    const { id, signRef } = await startSigning(who);
    const { notice } = fake.sign(signRef);
    const acks = await Promise.all(Array.from({ length: 20 }, () => postAlipay(t, notice)));
    expect(acks.map((a) => a.body)).toEqual(Array(20).fill('success'));
    const charges = chargesAt(Date.now());
    await Promise.all(Array.from({ length: 20 }, () => charges.charge(id)));
    await expect.poll(async () => (await rowOf(id)).state).toBe('active');
    // a replay later changes nothing either
    expect((await postAlipay(t, notice)).body).toBe('success');
    await charges.charge(id);
    const rows = await ordersOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(OrderStatus.paid);
    expect(await grantsOf(who.userId)).toHaveLength(1);
    expect(fake.deductions.filter((d) => d.biz.out_trade_no === rows[0]!.orderNo)).toHaveLength(1);
  });
});

describe('each period', () => {
  it('deducts a day before the period end: a renewal order and one more month, once', async () => {
    const { who, id } = await subscribed();
    const before = await rowOf(id);
    const early = await chargesAt(before.nextChargeAt!.getTime() - 60_000).chargeDue();
    expect(early.granted).toBe(0);
    const at = before.nextChargeAt!.getTime() + 60_000;
    const [a, b] = await Promise.all([chargesAt(at).charge(id), chargesAt(at).charge(id)]);
    expect([a, b].sort()).toEqual(['granted', 'notDue']);
    const after = await rowOf(id);
    expect(after.periodStart).toEqual(before.periodEnd);
    expect(after.periodEnd!.getTime()).toBeGreaterThan(before.periodEnd!.getTime() + 27 * DAY);
    const rows = await ordersOf(id);
    expect(rows.map((o) => [o.orderType, o.status])).toEqual([
      ['automatic', OrderStatus.paid],
      ['renewal', OrderStatus.paid],
    ]);
    const [latest] = await grantsOf(who.userId);
    expect(latest!.endTime).toEqual(after.periodEnd);
  });

  it('a lost answer: the deduction is asked again under the same order after the claim runs out, paid once', async () => {
    const { id } = await subscribed();
    const due = (await rowOf(id)).nextChargeAt!.getTime();
    fake.state.loseDeductions = 1;
    expect(await chargesAt(due).charge(id)).toBe('unknown');
    expect(await chargesAt(due + 60_000).charge(id)).toBe('notDue');
    expect(await chargesAt(due + 16 * 60_000).charge(id)).toBe('granted');
    const rows = await ordersOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.status).toBe(OrderStatus.paid);
  });

  it('refused deductions: payment failed, one mail, retries 1, 3 and 5 days later, then the renewal ends and the agreement is unsigned', async () => {
    const { who, id, agreementNo } = await subscribed();
    const first = (await rowOf(id)).nextChargeAt!.getTime();
    const end = (await rowOf(id)).periodEnd!;
    const endBefore = (await grantsOf(who.userId))[0]!.endTime;
    fake.state.declines = 4;
    expect(await chargesAt(first).charge(id)).toBe('failed');
    let row = await rowOf(id);
    expect(row.state).toBe('pastDue');
    expect(row.nextChargeAt!.getTime()).toBe(first + DAY);
    const [, failed] = await ordersOf(id);
    expect(failed!.status).toBe(OrderStatus.payFailed);
    expect(await chargesAt(first + DAY - 60_000).charge(id)).toBe('notDue');
    expect(await chargesAt(first + DAY).charge(id)).toBe('failed');
    expect((await rowOf(id)).nextChargeAt!.getTime()).toBe(first + 3 * DAY);
    expect(await chargesAt(first + 3 * DAY).charge(id)).toBe('failed');
    expect(await chargesAt(first + 5 * DAY).charge(id)).toBe('ended');
    row = await rowOf(id);
    expect(row).toMatchObject({ state: 'ended', nextChargeAt: null });
    expect(row.periodEnd).toEqual(end);
    expect(fake.agreements.get(agreementNo)!.status).toBe('UNSIGN');
    expect((await ordersOf(id)).map((o) => o.status)).toEqual([OrderStatus.paid, OrderStatus.payFailed]);
    expect((await grantsOf(who.userId))[0]!.endTime).toEqual(endBefore);
    const mails = await mailsTo(who.email);
    // one mail for the period, however many attempts failed
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('https://ac.example/account/secure/products');
  });

  it('a retry that succeeds pays the same order (4 → 1) and extends once', async () => {
    const { id } = await subscribed();
    const first = (await rowOf(id)).nextChargeAt!.getTime();
    fake.state.declines = 1;
    expect(await chargesAt(first).charge(id)).toBe('failed');
    expect(await chargesAt(first + DAY).charge(id)).toBe('granted');
    const rows = await ordersOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ orderType: 'renewal', status: OrderStatus.paid });
    expect(await rowOf(id)).toMatchObject({ state: 'active', chargeFailures: 0, chargeOrderNo: null });
  });
});

describe('cancel and resume', () => {
  it('cancel unsigns the agreement and runs to the end; resume signs again before the end', async () => {
    const { who, id, agreementNo } = await subscribed();
    const cancelled = await call<TSubscription>(who, calls.subscriptions.cancel, { id });
    expect(cancelled.data).toMatchObject({ cancelAtPeriodEnd: true, state: 'active' });
    expect(fake.agreements.get(agreementNo)!.status).toBe('UNSIGN');
    const row = await rowOf(id);
    expect(row.nextChargeAt).toBeNull();
    await chargesAt(row.periodEnd!.getTime() - 60_000).chargeDue();
    expect(await ordersOf(id)).toHaveLength(1);

    const resumed = await call<TSubscriptionResumeResponse>(who, calls.subscriptions.resume, { id });
    expect(resumed.code).toBe(Code.ok);
    expect(resumed.data.signUrl).toContain('alipay.user.agreement.page.sign');
    expect((await fetch(resumed.data.signUrl!)).status).toBe(200);
    const { notice } = fake.sign((await rowOf(id)).signRef!);
    expect((await postAlipay(t, notice)).body).toBe('success');
    const again = await rowOf(id);
    expect(again).toMatchObject({ cancelAtPeriodEnd: false, providerSubscriptionId: notice.agreement_no });
    expect(again.nextChargeAt!.getTime()).toBe(again.periodEnd!.getTime() - CHARGE_AHEAD_MS);
  });

  it('a cancelled renewal ends at its period end', async () => {
    const { who, id } = await subscribed();
    await call(who, calls.subscriptions.cancel, { id });
    const end = (await rowOf(id)).periodEnd!.getTime();
    expect((await chargesAt(end + 60_000).chargeDue()).endedCancelled).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id)).state).toBe('ended');
  });

  it('the agreement ended in Alipay (dut_user_unsign) stops the renewals; its replay changes nothing', async () => {
    const { id, agreementNo } = await subscribed();
    const notice = fake.unsignAtAlipay(agreementNo);
    expect((await postAlipay(t, notice)).body).toBe('success');
    expect(await rowOf(id)).toMatchObject({ cancelAtPeriodEnd: true, nextChargeAt: null, state: 'active' });
    expect((await postAlipay(t, notice)).body).toBe('success');
    expect((await postAlipay(t, { ...notice, unsign_time: '2026-01-01 00:00:00' })).body).toBe('failure');
  });

  it('no plan change nor card portal for an Alipay renewal', async () => {
    const { who, id } = await subscribed();
    const change = await call(who, calls.subscriptions.change, { id, goodsCode: 'ML3', interval: 'month' });
    expect(change.code).toBe(Code.subscriptionChangeUnavailable);
    const portal = await call(who, calls.subscriptions.portal, { id });
    expect(portal.code).toBe(Code.subscriptionCardUnavailable);
  });
});
