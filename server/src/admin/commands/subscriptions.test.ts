/**
 * `npm run admin -- subscriptions charge-due [--at <ISO time>]` (docs/operations.md): the due Alipay
 * agreement deductions through the real `alipay-sdk` against the fake (server/test/fake-alipay.ts);
 * `--at` at the period's end makes the renewal, once however many times it runs, and production
 * refuses it.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderRow } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { OrderStatus } from '@ac/protocol/enums';
import type { TSubscribeResponse, TSubscription } from '@ac/protocol/subscriptions';
import { describe, expect, it } from 'vitest';
import { alipayAppForTests, postAlipay } from '../../../test/alipay-fixtures.ts';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { run } from '../registry.ts';

const { t, fake } = alipayAppForTests();
const admin = (values: Record<string, string> = {}) => runAdmin(t, 'subscriptions charge-due', values);

const mine = async (who: Account) => {
  const res = await t.client.call<{ rows: TSubscription[] }>(
    calls.subscriptions.mine,
    {},
    { token: who.token, clientInfo: { language: 'en' } },
  );
  expect(res.code).toBe(Code.ok);
  return res.data.rows;
};
const myOrders = async (who: Account) => {
  const res = await t.client.call<TList<TOrderRow>>(calls.orders.list, {}, { token: who.token });
  expect(res.code).toBe(Code.ok);
  return res.data.rows;
};

/** A member who subscribed to ML2 monthly, signed at Alipay and whose first period the command deducted. */
async function subscribed() {
  const who = await createAccount(t);
  const res = await t.client.call<TSubscribeResponse>(
    calls.subscriptions.subscribe,
    { goodsCode: 'ML2', interval: 'month' },
    { token: who.token, clientInfo: { language: 'en' } },
  );
  expect(res.code).toBe(Code.ok);
  expect((await fetch(res.data.payUrl)).status).toBe(200);
  const signRef = new URL(res.data.payUrl).searchParams
    .get('biz_content')!
    .match(/"external_agreement_no":"(\w+)"/)![1]!;
  expect((await postAlipay(t, fake.sign(signRef).notice)).body).toBe('success');
  // the first deduction is due at once: the command makes it, unless the job after the signing did
  expect(await admin()).toMatch(/^as of \S+Z: granted [01], failed 0, ended 0, unknown 0, /);
  await expect.poll(async () => (await mine(who))[0]?.state).toBe('active');
  return { who, first: (await mine(who))[0]! };
}

describe('subscriptions charge-due', () => {
  it('--at the period end: the renewal is deducted, once, however many times the command runs', async () => {
    const { who, first } = await subscribed();
    const end = first.periodEnd!;
    // a minute before the day ahead of the end: not due yet
    const early = new Date(new Date(end).getTime() - 24 * 3_600_000 - 60_000).toISOString();
    expect(await admin({ at: early })).toMatch(/: granted 0, .*not due 0, errors 0;/);

    const runs = await Promise.all([admin({ at: end }), admin({ at: end })]);
    expect(runs.map((r) => Number(/granted (\d)/.exec(r)![1])).sort()).toEqual([0, 1]);
    expect(await admin({ at: end })).toMatch(
      /: granted 0, failed 0, ended 0, unknown 0, duplicate 0, not due 0, errors 0;/,
    );

    const [renewed] = await mine(who);
    expect(renewed).toMatchObject({ state: 'active', cancelAtPeriodEnd: false });
    const days = (new Date(renewed!.periodEnd!).getTime() - new Date(end).getTime()) / (24 * 3_600_000);
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const orders = await myOrders(who);
    expect(orders.map((o) => [o.orderType, o.status]).sort()).toEqual([
      ['automatic', OrderStatus.paid],
      ['renewal', OrderStatus.paid],
    ]);
    // the membership runs one month more: the renewal's period ends where the renewing membership now renews
    expect(orders.find((o) => o.orderType === 'renewal')!.endDate).toBe(renewed!.periodEnd);
  });

  it('refuses --at in production, and a time without its zone', async () => {
    const production = { config: { ...t.config, production: true }, services: testServices(t), now: () => new Date() };
    await expect(
      run(production, { positionals: ['subscriptions', 'charge-due'], values: { at: '2026-12-01T00:00:00Z' } }),
    ).rejects.toMatchObject({ code: Code.invalidParam, message: expect.stringContaining('refused in production') });
    // without --at, production runs the due deductions at the real time
    expect(await run(production, { positionals: ['subscriptions', 'charge-due'], values: {} })).toMatch(/^as of /);
    for (const at of ['2026-12-01', '2026-12-01T00:00:00', 'tomorrow', '2026-13-01T00:00:00Z']) {
      await expect(admin({ at })).rejects.toMatchObject({ code: Code.invalidParam });
    }
  });
});
