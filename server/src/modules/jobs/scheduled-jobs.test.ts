/** The scheduled jobs: each expiry or purge function run directly on an injected clock, and their registration. */
import { OrderStatus } from '@ac/protocol/enums';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForTests, testServices } from '../../../test/test-app.ts';
import { aesKeys, authThrottle, deviceSignIns, orders, outbox } from '../../db/schema/index.ts';
import { addMs, DAY, HOUR } from '../../lib/time.ts';
import { createDeviceSignInService } from '../device-sign-in/device-sign-in.service.ts';
import { createKeysService } from '../keys/keys.service.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { createOutboxService } from '../outbox/outbox.service.ts';
import { createSessionService } from '../session/session.service.ts';
import { registerScheduledJobs, scheduledJobs } from './scheduled-jobs.ts';

const t = testAppForTests();
const clock = new Date('2031-03-01T12:00:00Z');
const now = () => clock;
const at = (ms: number) => addMs(clock, ms);

describe('scheduled purges and expiry on an injected clock', () => {
  it('purges expired envelope keys only', async () => {
    await t.db.insert(aesKeys).values([
      { keyHash: 'expired-key', expiresAt: at(-HOUR) },
      { keyHash: 'live-key', expiresAt: at(HOUR) },
    ]);
    expect(await createKeysService({ db: t.db, now }).purgeExpired()).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select()
      .from(aesKeys)
      .where(inArray(aesKeys.keyHash, ['expired-key', 'live-key']));
    expect(left.map((k) => k.keyHash)).toEqual(['live-key']);
  });

  it('purges throttle counters idle for a day whose lock has ended', async () => {
    await t.db.insert(authThrottle).values([
      { key: 'ip:idle', failures: 3, updatedAt: at(-2 * DAY) },
      { key: 'ip:idle-lock-ended', failures: 9, updatedAt: at(-2 * DAY), lockedUntil: at(-DAY) },
      { key: 'ip:idle-but-locked', failures: 30, updatedAt: at(-2 * DAY), lockedUntil: at(HOUR) },
      { key: 'ip:recent', failures: 1, updatedAt: at(-HOUR) },
    ]);
    const s = testServices(t);
    const sessions = createSessionService({ ...s, db: t.db, now });
    expect(await sessions.purgeIdleThrottles()).toBe(2);
    const left = await t.db.select({ key: authThrottle.key }).from(authThrottle);
    expect(left.map((r) => r.key).sort()).toEqual(['ip:idle-but-locked', 'ip:recent']);
  });

  it('purges device sign-ins a day after they expired', async () => {
    const row = { clientType: 'df_windows', clientVersion: '1', deviceName: 'PC', intervalSeconds: 5 };
    await t.db.insert(deviceSignIns).values([
      { ...row, deviceCodeHash: 'dc-old', userCodeHash: 'uc-old', expiresAt: at(-DAY - HOUR) },
      { ...row, deviceCodeHash: 'dc-recent', userCodeHash: 'uc-recent', expiresAt: at(-HOUR) },
    ]);
    const s = testServices(t);
    expect(await createDeviceSignInService({ ...s, db: t.db, webUrl: 'http://x', now }).purgeExpired()).toBe(1);
    const left = await t.db.select({ hash: deviceSignIns.deviceCodeHash }).from(deviceSignIns);
    expect(left.map((r) => r.hash)).toContain('dc-recent');
    expect(left.map((r) => r.hash)).not.toContain('dc-old');
  });

  it('purges outbox messages older than 30 days', async () => {
    const message = { channel: 'mail' as const, recipient: 'old@example.com', subject: 's', body: 'b' };
    await t.db.insert(outbox).values([
      { ...message, createdAt: at(-31 * DAY) },
      { ...message, createdAt: at(-29 * DAY) },
    ]);
    expect(await createOutboxService({ db: t.db, now }).purgeOld()).toBe(1);
    const left = await t.db.select().from(outbox).where(eq(outbox.recipient, 'old@example.com'));
    expect(left.map((m) => m.createdAt)).toEqual([at(-29 * DAY)]);
  });

  it('marks paid orders whose service period ended by the clock as expired', async () => {
    const s = testServices(t);
    const base = {
      goodsCode: 'ML2',
      serviceType: 'membership' as const,
      channel: 'web',
      orderType: 'automatic' as const,
      status: OrderStatus.paid,
      currency: 'USD' as const,
      orderAmount: 100,
      payAmount: 100,
    };
    await s.orders.insert({ ...base, orderNo: 'SJ-ENDED', endDate: at(-HOUR) });
    await s.orders.insert({ ...base, orderNo: 'SJ-RUNNING', endDate: at(HOUR) });
    const ordersAtClock = createOrdersService({ ...s, db: t.db, now });
    expect(await ordersAtClock.expireServed(async () => false)).toBeGreaterThanOrEqual(1);
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.orderNo, ['SJ-ENDED', 'SJ-RUNNING']));
    expect(Object.fromEntries(rows.map((o) => [o.orderNo, o.status]))).toEqual({
      'SJ-ENDED': OrderStatus.expired,
      'SJ-RUNNING': OrderStatus.paid,
    });
  });
});

describe('registration', () => {
  it('gives every scheduled job a worker and a five-field cron', () => {
    const worked: string[] = [];
    const scheduled: [string, string][] = [];
    const s = testServices(t);
    registerScheduledJobs({
      ...s,
      outbox: s.outbox,
      log: t.app.log,
      queue: { work: (name) => void worked.push(name), schedule: (name, cron) => void scheduled.push([name, cron]) },
    });
    const names = Object.keys(scheduledJobs(s));
    expect(names).toEqual([
      'orders-expire',
      'orders-expire-coupon-holds',
      'payments-reconcile',
      'purge-envelope-keys',
      'purge-auth-throttle',
      'purge-activity',
      'purge-device-sign-ins',
      'purge-outbox',
      'fields-reencrypt',
      'subscriptions-remind',
      'agreements-charge',
      'data-exports-purge',
    ]);
    expect(worked).toEqual(names);
    expect(scheduled.map(([name]) => name)).toEqual(names);
    for (const [, cron] of scheduled) expect(cron.split(' ')).toHaveLength(5);
  });

  it('are stored as pg-boss schedules once the app starts with JOBS_SCHEDULE on', async () => {
    const app = await createTestApp({ env: { JOBS_SCHEDULE: 'true' } });
    try {
      const result = (await app.db.execute(sql`select name, cron from pgboss.schedule order by name`)) as unknown as {
        rows: { name: string; cron: string }[];
      };
      expect(result.rows.map((r) => r.name)).toEqual(Object.keys(scheduledJobs(testServices(t))).sort());
    } finally {
      await app.close();
    }
  });
});
