/**
 * The console's dashboard (docs/operations.md#dashboard) through the HTTP surface: each role
 * reads it, revenue only for finance and admin; the counts per day on rows set at the edges of
 * days, in both currencies, in the time zone of each region (UTC overseas, Asia/Shanghai in
 * China); a period too long or reversed answers its code.
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { OrderStatus, type TCurrency } from '@ac/protocol/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, createStaffOfEachRole } from '../../../test/console-client.ts';
import { type TestApp, testAppForTests, testServices } from '../../../test/test-app.ts';
import { auditLog, orders, redeemCodes, users } from '../../db/schema/index.ts';
import { addMs, DAY } from '../../lib/time.ts';

let seq = 0;
const at = (iso: string) => new Date(iso);

/** Rows as the owners write them, at the given times (the dashboard only reads them). */
function fixtures(t: TestApp) {
  return {
    async order(o: { payTime?: string; updatedAt?: string; currency: TCurrency; amount: number; status: number }) {
      seq += 1;
      const when = at(o.payTime ?? o.updatedAt ?? '2030-01-01T00:00:00Z');
      await t.db.insert(orders).values({
        orderNo: `DASH${String(seq).padStart(10, '0')}`,
        goodsCode: 'ML2',
        serviceType: 'membership',
        channel: 'web',
        orderType: 'automatic',
        status: o.status,
        currency: o.currency,
        orderAmount: o.amount,
        payAmount: o.payTime ? o.amount : 0,
        payTime: o.payTime ? at(o.payTime) : null,
        createdAt: when,
        updatedAt: at(o.updatedAt ?? o.payTime ?? '2030-01-01T00:00:00Z'),
      });
    },
    async signUp(registered: string) {
      seq += 1;
      await t.db.insert(users).values({
        name: `d${seq}`,
        nickName: `d${seq}`,
        email: `dash-${seq}@example.com`,
        registerDate: at(registered),
      });
    },
    async redemption(redeemed: string) {
      seq += 1;
      const now = at(redeemed);
      await t.db.insert(redeemCodes).values({
        serialNo: `DASHSN${seq}`,
        code: `DASH-CODE-${seq}`,
        goodsCode: 'ML1',
        state: 'exchanged',
        source: 'systemRelease',
        durationDays: 30,
        validFrom: addMs(now, -DAY),
        validTo: addMs(now, DAY),
        redeemTime: now,
      });
    },
    failedLogin: (when: string, event = 'login.failed') => t.db.insert(auditLog).values({ event, at: at(when) }),
  };
}

async function signedIn(t: TestApp, staff: Record<TStaffRole, string>, role: TStaffRole) {
  const browser = consoleClient(t.app);
  expect((await browser.signIn(staff[role])).body.stage).toBe('signedIn');
  return browser;
}

describe('console dashboard, overseas (days in UTC)', () => {
  const t = testAppForTests();
  const f = fixtures(t);
  let staff: Record<TStaffRole, string>;
  beforeAll(async () => {
    staff = await createStaffOfEachRole(testServices(t), 'dash');
    // the period: 2030-03-01 … 2030-03-03; rows just outside it on both sides
    await f.order({ payTime: '2030-02-28T23:59:59Z', currency: 'USD', amount: 100, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-01T00:00:00Z', currency: 'USD', amount: 3999, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-01T23:59:59Z', currency: 'USD', amount: 1000, status: OrderStatus.refunded });
    await f.order({ payTime: '2030-03-01T12:00:00Z', currency: 'CNY', amount: 9900, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-02T00:00:00Z', currency: 'USD', amount: 2500, status: OrderStatus.paid });
    // a courtesy extension or a redeemed code pays nothing: no sale
    await f.order({ payTime: '2030-03-02T10:00:00Z', currency: 'USD', amount: 0, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-03T23:59:59Z', currency: 'CNY', amount: 100, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-04T00:00:00Z', currency: 'CNY', amount: 100, status: OrderStatus.paid });
    // payments begun and not confirmed, by the day of their last change; unpaid ones are no such payment
    await f.order({
      updatedAt: '2030-03-02T08:00:00Z',
      currency: 'USD',
      amount: 3999,
      status: OrderStatus.unconfirmed,
    });
    await f.order({
      updatedAt: '2030-03-02T09:00:00Z',
      currency: 'USD',
      amount: 3999,
      status: OrderStatus.unconfirmed,
    });
    await f.order({
      updatedAt: '2030-02-20T09:00:00Z',
      currency: 'USD',
      amount: 3999,
      status: OrderStatus.unconfirmed,
    });
    await f.order({ updatedAt: '2030-03-02T09:00:00Z', currency: 'USD', amount: 3999, status: OrderStatus.unpaid });
    for (const when of ['2030-03-01T00:00:00Z', '2030-03-03T23:59:59Z', '2030-03-04T00:00:00Z']) await f.signUp(when);
    for (const when of ['2030-02-28T23:59:59Z', '2030-03-02T12:00:00Z', '2030-03-02T13:00:00Z'])
      await f.redemption(when);
    await f.failedLogin('2030-03-03T05:00:00Z');
    await f.failedLogin('2030-03-03T06:00:00Z');
    await f.failedLogin('2030-03-03T07:00:00Z', 'login.password');
  });

  it('counts per day at the edges of days and by currency; revenue for finance and admin only', async () => {
    const period = { from: '2030-03-01', to: '2030-03-03' };
    for (const role of ['finance', 'admin'] as const) {
      const res = await (await signedIn(t, staff, role)).call(cc.dashboard.summary, period);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ region: 'us', timeZone: 'UTC', revenueShown: true, ...period });
      expect(res.body.days).toEqual(['2030-03-01', '2030-03-02', '2030-03-03']);
      expect(res.body.sales).toEqual([
        { day: '2030-03-01', currency: 'CNY', orders: 1, revenue: 9900 },
        { day: '2030-03-01', currency: 'USD', orders: 2, revenue: 4999 },
        { day: '2030-03-02', currency: 'USD', orders: 1, revenue: 2500 },
        { day: '2030-03-03', currency: 'CNY', orders: 1, revenue: 100 },
      ]);
      expect(res.body.signUps).toEqual([
        { day: '2030-03-01', count: 1 },
        { day: '2030-03-03', count: 1 },
      ]);
      expect(res.body.redemptions).toEqual([{ day: '2030-03-02', count: 2 }]);
      expect(res.body.failedLogins).toEqual([{ day: '2030-03-03', count: 2 }]);
      expect(res.body.unconfirmed).toEqual([{ day: '2030-03-02', count: 2 }]);
      expect(res.body.unconfirmedNow).toBe(3);
    }
    for (const role of ['support', 'sales'] as const) {
      const res = await (await signedIn(t, staff, role)).call(cc.dashboard.summary, period);
      expect(res.status).toBe(200);
      expect(res.body.revenueShown).toBe(false);
      expect(res.body.sales).toEqual([
        { day: '2030-03-01', currency: 'CNY', orders: 1 },
        { day: '2030-03-01', currency: 'USD', orders: 2 },
        { day: '2030-03-02', currency: 'USD', orders: 1 },
        { day: '2030-03-03', currency: 'CNY', orders: 1 },
      ]);
      expect(JSON.stringify(res.body)).not.toContain('revenue"');
    }
  });

  it('a single day, and a period with nothing in it', async () => {
    const admin = await signedIn(t, staff, 'admin');
    const one = await admin.call(cc.dashboard.summary, { from: '2030-03-02', to: '2030-03-02' });
    expect(one.body.days).toEqual(['2030-03-02']);
    expect(one.body.sales).toEqual([{ day: '2030-03-02', currency: 'USD', orders: 1, revenue: 2500 }]);
    const none = await admin.call(cc.dashboard.summary, { from: '2031-01-01', to: '2031-01-31' });
    expect(none.body.days).toHaveLength(31);
    expect(none.body).toMatchObject({ sales: [], signUps: [], redemptions: [], failedLogins: [], unconfirmed: [] });
  });

  it('refuses a period longer than 366 days, a reversed one and what is no day, with their codes', async () => {
    const support = await signedIn(t, staff, 'support');
    expect((await support.call(cc.dashboard.summary, { from: '2028-01-01', to: '2028-12-31' })).status).toBe(200);
    expect(await support.call(cc.dashboard.summary, { from: '2028-01-01', to: '2029-01-01' })).toMatchObject({
      status: 400,
      body: { code: Code.dashboardPeriodTooLong },
    });
    expect(await support.call(cc.dashboard.summary, { from: '2030-03-02', to: '2030-03-01' })).toMatchObject({
      status: 400,
      body: { code: Code.dashboardPeriodReversed },
    });
    for (const bad of [{ from: '2030-02-30', to: '2030-03-01' }, { from: '2030-3-1', to: '2030-03-02' }, {}]) {
      expect(await support.call(cc.dashboard.summary, bad)).toMatchObject({
        status: 400,
        body: { code: Code.invalidParam },
      });
    }
    expect(
      await consoleClient(t.app).call(cc.dashboard.summary, { from: '2030-03-01', to: '2030-03-01' }),
    ).toMatchObject({
      status: 401,
      body: { code: Code.staffSessionRequired },
    });
  });
});

describe('console dashboard, China (days in Asia/Shanghai)', () => {
  const t = testAppForTests({ region: 'cn' });
  const f = fixtures(t);
  let staff: Record<TStaffRole, string>;
  beforeAll(async () => {
    staff = await createStaffOfEachRole(testServices(t), 'dashcn');
    // a day in Shanghai starts at 16:00 UTC the evening before
    await f.order({ payTime: '2030-03-01T15:59:59Z', currency: 'CNY', amount: 100, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-01T16:00:00Z', currency: 'CNY', amount: 200, status: OrderStatus.paid });
    await f.order({ payTime: '2030-03-02T15:59:59Z', currency: 'CNY', amount: 300, status: OrderStatus.paid });
    await f.signUp('2030-03-01T16:00:00Z');
    await f.signUp('2030-03-01T15:59:59Z');
  });

  it("counts by the region's days", async () => {
    const res = await (await signedIn(t, staff, 'finance')).call(cc.dashboard.summary, {
      from: '2030-03-01',
      to: '2030-03-02',
    });
    expect(res.body).toMatchObject({ region: 'cn', timeZone: 'Asia/Shanghai' });
    expect(res.body.sales).toEqual([
      { day: '2030-03-01', currency: 'CNY', orders: 1, revenue: 100 },
      { day: '2030-03-02', currency: 'CNY', orders: 2, revenue: 500 },
    ]);
    expect(res.body.signUps).toEqual([
      { day: '2030-03-01', count: 1 },
      { day: '2030-03-02', count: 1 },
    ]);
  });
});
