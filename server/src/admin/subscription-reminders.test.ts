/**
 * `subscriptions remind [--at]` (docs/operations.md): the reminder pass of the hourly job, as if
 * it were `--at`: the mail 7 days before a membership ends that nothing renews, with its renew
 * link, once however often the pass runs (twenty at once too); nothing before its time; a Google
 * Play subscription that renews is no end; `--at` refused in production and when it is no ISO time.
 */
import { randomUUID } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, commerceEnv, createAccount } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createServices } from '../app/services.ts';
import { outbox, storeSubscriptions } from '../db/schema/index.ts';
import type { AdminContext } from './admin-context.ts';
import { run } from './registry.ts';

const DAY = 86_400_000;
let t: TestApp;
let ctx: AdminContext;
beforeAll(async () => {
  t = await createTestApp({ env: commerceEnv });
  ctx = {
    config: t.config,
    services: createServices({ config: t.config, db: t.db, log: t.app.log }),
    now: () => new Date(),
  };
});
afterAll(async () => {
  await ctx.services.close();
  await t.close();
});

const remind = (values: Record<string, string> = {}, c: AdminContext = ctx) =>
  run(c, { positionals: ['subscriptions', 'remind'], values });
const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.recipient, email));
/** A member whose ML4 membership ends in `days` days; answers the end. */
async function ending(days: number): Promise<{ who: Account; end: Date }> {
  const who = await createAccount(t);
  const row = await ctx.services.membershipAdmin.grant(who.userId, 'ML4', days);
  return { who, end: row.endTime };
}

describe('subscriptions remind', () => {
  it('sends the ending reminder with its renew link when run at 7 days before the end, once', async () => {
    const { who, end } = await ending(20);
    // not yet: a pass now, and one 8 days before the end
    await remind();
    await remind({ at: new Date(end.getTime() - 8 * DAY).toISOString() });
    expect(await mailsTo(who.email)).toEqual([]);
    const at = new Date(end.getTime() - 7 * DAY + 60_000).toISOString();
    const answers = await Promise.all(Array.from({ length: 20 }, () => remind({ at })));
    expect(answers.every((a) => a.startsWith(`reminders at ${at}: 0 renewal, `))).toBe(true);
    const mails = await mailsTo(who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('ends on');
    expect(mails[0]!.body).toContain('/products?renew=ML4');
    expect(await remind({ at })).toBe(`reminders at ${at}: 0 renewal, 0 ending`);
  });

  it('sends none for a membership a store subscription renews', async () => {
    const { who, end } = await ending(20);
    await t.db.insert(storeSubscriptions).values({
      userId: who.userId,
      store: 'googlePlay',
      storeSubscriptionId: `tok-${randomUUID()}`,
      productId: 'viewer_pro_monthly',
      goodsCode: 'ML4',
      interval: 'month',
      amount: 999,
      currency: 'USD',
      state: 'active',
      autoRenewing: true,
      expiresAt: end,
      manageUrl: 'https://play.google.com/store/account/subscriptions?sku=viewer_pro_monthly&package=com.example',
    });
    await remind({ at: new Date(end.getTime() - 7 * DAY + 60_000).toISOString() });
    expect(await mailsTo(who.email)).toEqual([]);
    // turned off at the store: the end is an end again
    await t.db
      .update(storeSubscriptions)
      .set({ autoRenewing: false })
      .where(and(eq(storeSubscriptions.userId, who.userId), eq(storeSubscriptions.goodsCode, 'ML4')));
    await remind({ at: new Date(end.getTime() - 7 * DAY + 120_000).toISOString() });
    expect(await mailsTo(who.email)).toHaveLength(1);
  });

  it('refuses --at in production, and an --at that is no ISO time with its zone', async () => {
    const production = { ...ctx, config: { ...ctx.config, production: true } };
    await expect(remind({ at: '2027-03-04T09:00:00Z' }, production)).rejects.toMatchObject({
      code: Code.invalidParam,
    });
    for (const at of ['tomorrow', '2027-03-04', '2027-03-04T09:00:00', '2027-13-40T99:00:00Z']) {
      await expect(remind({ at })).rejects.toMatchObject({ code: Code.invalidParam });
    }
    expect(await remind()).toMatch(/^reminders at .*: \d+ renewal, \d+ ending$/);
  });
});
