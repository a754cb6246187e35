/**
 * Coupon campaigns from the console (docs/operations.md#coupons, docs/product.md#coupon-campaigns)
 * through the HTTP surface: sales and admin create, list, read, issue, add public codes and end;
 * support and finance are refused with 2500004 and nothing is written; bad input answers a
 * catalogue code; each change writes its staff audit row in its transaction. The member's side
 * goes through the member envelope: my coupons, and the checkout's `order/coupon` and
 * `order/create`, which enforce the campaign's rules — including two members racing for the
 * last use of the total limit.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import type { TCoupon } from '@ac/protocol/coupons';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { consoleStaffForTests } from '../../../test/console-client.ts';
import { uniqueCode } from '../../../test/coupon-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { couponCampaigns, couponGrants, coupons, couponUses, users } from '../../db/schema/index.ts';
import { createCouponCampaigns } from '../coupons/coupon-campaigns.service.ts';
import { createSalesCoupons } from './sales-coupons.service.ts';

const { t } = commerceAppForTests();
const { staff, signedIn, auditRows } = consoleStaffForTests(t, 'cp');

const DAY = 86_400_000;
/** $5 off ML2 (USD 39.99 list price), valid from a day ago for 30 days, once per member. */
const CAMPAIGN = () => ({
  name: `Spring ${uniqueCode('')}`,
  region: 'us',
  kind: 'amount',
  amountOff: 500,
  goodsCodes: ['ML2'],
  validFrom: new Date(Date.now() - DAY).toISOString(),
  validTo: new Date(Date.now() + 30 * DAY).toISOString(),
  perUserLimit: 1,
  totalLimit: null,
  minCharge: 0,
  reason: 'spring promotion',
});

let sent = 0;
const ip = () => `10.251.${(++sent >> 8) & 255}.${sent & 255}`;
const order = (who: Account, body: Record<string, unknown>) =>
  callFrom<TOrderDetail>(t, calls.orders.create, { goodsCode: 'ML2', ...body }, who.token, ip());
const applyCoupon = (who: Account, orderNo: string, coupon: string | null) =>
  callFrom(t, calls.orders.coupon, { orderNo, coupon }, who.token, ip());
const myCoupons = (who: Account, tab = 'unused') =>
  callFrom<{ rows: TCoupon[] }>(t, calls.coupons.list, { tab }, who.token, ip());

/** One signed-in sales browser for the rule tests (each sign-in takes one of the app's codes). */
let salesBrowser: Awaited<ReturnType<typeof signedIn>> | undefined;
async function campaignWith(over: Record<string, unknown> = {}) {
  salesBrowser ??= await signedIn('sales');
  const sales = salesBrowser;
  const created = await sales.call(cc.coupons.create, { ...CAMPAIGN(), ...over });
  expect(created.status).toBe(200);
  return { sales, campaign: created.body.campaign as { id: string } };
}

describe('console coupon campaigns: roles, audit, bad input', () => {
  it('sales and admin create, list and read a campaign; audited with the reason', async () => {
    for (const role of ['sales', 'admin'] as const) {
      const browser = await signedIn(role);
      const created = await browser.call(cc.coupons.create, { ...CAMPAIGN(), minCharge: 1000, totalLimit: 50 });
      expect(created.status).toBe(200);
      const c = created.body.campaign;
      expect(c).toMatchObject({
        region: 'us',
        kind: 'amount',
        amountOff: { amount: 500, currency: 'USD' },
        percentOff: null,
        goodsCodes: ['ML2'],
        perUserLimit: 1,
        totalLimit: 50,
        minCharge: { amount: 1000, currency: 'USD' },
        createdBy: staff[role],
        state: 'running',
        issued: 0,
        redeemed: 0,
        publicCodes: 0,
      });
      const list = await browser.call(cc.coupons.campaigns, { pageSize: 100 });
      expect(list.body.rows.find((r: { id: string }) => r.id === c.id)).toMatchObject({ name: c.name });
      const detail = await browser.call(cc.coupons.detail, { campaignId: c.id });
      expect(detail.body).toMatchObject({ campaign: { id: c.id }, issuedCode: null, recipients: [], uses: [] });
      expect(await auditRows('coupon.createCampaign', c.id)).toMatchObject([
        { staffEmail: staff[role], role, reason: 'spring promotion', after: { amountOff: 500, minCharge: 1000 } },
      ]);
    }
  });

  it('support and finance are refused every call with 2500004; nothing is written', async () => {
    const { campaign } = await campaignWith();
    const member = await createAccount(t);
    const before = await t.db.select().from(couponCampaigns);
    for (const role of ['support', 'finance'] as const) {
      const browser = await signedIn(role);
      const tries = [
        browser.call(cc.coupons.campaigns, {}),
        browser.call(cc.coupons.create, CAMPAIGN()),
        browser.call(cc.coupons.detail, { campaignId: campaign.id }),
        browser.call(cc.coupons.issue, { campaignId: campaign.id, recipients: [member.email], reason: 'try it' }),
        browser.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 1, reason: 'try it' }),
        browser.call(cc.coupons.end, { campaignId: campaign.id, reason: 'try it' }),
      ];
      for (const answer of await Promise.all(tries)) {
        expect(answer).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
      }
    }
    expect(await t.db.select().from(couponCampaigns)).toHaveLength(before.length);
    expect(await t.db.select().from(coupons).where(eq(coupons.campaignId, campaign.id))).toEqual([]);
    expect((await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, campaign.id)))[0]!.endedAt).toBe(
      null,
    );
  });

  it('bad input answers a catalogue code and writes nothing', async () => {
    const sales = await signedIn('sales');
    const before = (await t.db.select().from(couponCampaigns)).length;
    const bad = [
      { kind: 'percent', amountOff: null }, // a percent campaign without its percentage
      { kind: 'amount', amountOff: null },
      { percentOff: 150, kind: 'percent', amountOff: null },
      { validTo: new Date(Date.now() - 2 * DAY).toISOString() }, // ends before it starts
      { validFrom: 'soon' },
      { goodsCodes: ['NOPE'] },
      { goodsCodes: ['ML2', 'ML2'] },
      { perUserLimit: 0 },
      { totalLimit: -1 },
      { minCharge: -5 },
      { amountOff: 1.5 },
      { region: 'eu' },
      { name: '' },
      { reason: '' },
    ];
    for (const over of bad) {
      const answer = await sales.call(cc.coupons.create, { ...CAMPAIGN(), ...over });
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(answer.body.code).toBe(Code.invalidParam);
    }
    // ends in the past
    const past = await sales.call(cc.coupons.create, {
      ...CAMPAIGN(),
      validFrom: new Date(Date.now() - 10 * DAY).toISOString(),
      validTo: new Date(Date.now() - DAY).toISOString(),
    });
    expect(past.body.code).toBe(Code.invalidParam);
    expect((await t.db.select().from(couponCampaigns)).length).toBe(before);
    const missing = await sales.call(cc.coupons.detail, { campaignId: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ status: 404, body: { code: Code.couponCampaignNotFound } });
  });
});

describe('the audit row in the same transaction', () => {
  it('a failing audit write leaves no campaign, no grant and no end', async () => {
    const s = testServices(t);
    const failing = createSalesCoupons({
      campaigns: createCouponCampaigns({ db: t.db, products: s.products }),
      staffAudit: {
        record: async () => {
          throw new Error('audit write failed');
        },
      },
    });
    const actor = {
      staffId: '00000000-0000-0000-0000-000000000001',
      email: 'x@staff.example.com',
      role: 'sales' as const,
    };
    const name = `Never ${uniqueCode('')}`;
    const spec = {
      ...CAMPAIGN(),
      name,
      region: 'us' as const,
      kind: 'amount' as const,
      percentOff: null,
      goodsCodes: ['ML2' as const],
    };
    await expect(failing.create(actor, spec)).rejects.toThrow('audit write failed');
    expect(await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.name, name))).toEqual([]);

    const { campaign } = await campaignWith();
    const member = await createAccount(t);
    const p = { campaignId: campaign.id, reason: 'never recorded' };
    await expect(failing.issue(actor, { ...p, recipients: [member.email] })).rejects.toThrow('audit write failed');
    await expect(failing.addCodes(actor, { ...p, count: 2 })).rejects.toThrow('audit write failed');
    await expect(failing.end(actor, p)).rejects.toThrow('audit write failed');
    expect(await t.db.select().from(coupons).where(eq(coupons.campaignId, campaign.id))).toEqual([]);
    expect((await t.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, campaign.id)))[0]!.endedAt).toBe(
      null,
    );
  });
});

describe('issuing a campaign', () => {
  it('issues to members by e-mail, mobile and account id; an unknown recipient refuses the list; the member sees it', async () => {
    const { sales, campaign } = await campaignWith();
    const [a, b, c] = await Promise.all([createAccount(t), createAccount(t), createAccount(t)]);
    await t.db.update(users).set({ mobile: '+8613912345678' }).where(eq(users.id, b.userId));

    const refused = await sales.call(cc.coupons.issue, {
      campaignId: campaign.id,
      recipients: [a.email, 'nobody@example.com'],
      reason: 'loyal customers',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: Code.couponRecipientsUnknown } });
    expect(refused.body.message).toContain('nobody@example.com');
    expect(await t.db.select().from(coupons).where(eq(coupons.campaignId, campaign.id))).toEqual([]);

    const issued = await sales.call(cc.coupons.issue, {
      campaignId: campaign.id,
      recipients: [a.email.toUpperCase(), '139 1234 5678', c.userId],
      reason: 'loyal customers',
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ added: 3, already: 0, campaign: { issued: 3 } });
    const again = await sales.call(cc.coupons.issue, {
      campaignId: campaign.id,
      recipients: [a.email],
      reason: 'loyal customers',
    });
    expect(again.body).toMatchObject({ added: 0, already: 1, campaign: { issued: 3 } });
    expect(await auditRows('coupon.issue', campaign.id)).toHaveLength(2);

    const mine = await myCoupons(a);
    expect(mine.data.rows).toHaveLength(1);
    expect(mine.data.rows[0]).toMatchObject({
      kind: 'amount',
      amountOff: { amount: 500, currency: 'USD' },
      goodsCodes: ['ML2'],
      usesLeft: 1,
    });
    const detail = await sales.call(cc.coupons.detail, { campaignId: campaign.id });
    expect(detail.body.issuedCode).toBe(mine.data.rows[0]!.code);
    expect(detail.body.recipients.map((r: { userId: string }) => r.userId).sort()).toEqual(
      [a.userId, b.userId, c.userId].sort(),
    );

    // used at checkout: the discount, and the usage names the member and the order
    const created = await order(a, {});
    const applied = await applyCoupon(a, created.data.orderNo, mine.data.rows[0]!.code);
    expect(applied.code).toBe(Code.ok);
    const used = await sales.call(cc.coupons.detail, { campaignId: campaign.id });
    expect(used.body.campaign.redeemed).toBe(1);
    expect(used.body.uses).toMatchObject([
      { userId: a.userId, email: a.email, orderNo: created.data.orderNo, discount: { amount: 500, currency: 'USD' } },
    ]);
  });

  it('public codes: a chosen one and random ones; a taken code is refused with 2500053', async () => {
    const { sales, campaign } = await campaignWith();
    const code = uniqueCode('PUB');
    const chosen = await sales.call(cc.coupons.addCodes, {
      campaignId: campaign.id,
      code: code.toLowerCase(),
      reason: 'fair',
    });
    expect(chosen.body).toMatchObject({ codes: [code], campaign: { publicCodes: 1 } });
    const random = await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 3, reason: 'fair' });
    expect(random.body.codes).toHaveLength(3);
    expect(random.body.campaign.publicCodes).toBe(4);
    const taken = await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, code, reason: 'fair' });
    expect(taken).toMatchObject({ status: 409, body: { code: Code.couponCodeTaken } });
    const both = await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, code, count: 2, reason: 'fair' });
    expect(both.body.code).toBe(Code.invalidParam);
    expect(await auditRows('coupon.addCodes', campaign.id)).toHaveLength(2);

    // any member types it at checkout
    const member = await createAccount(t);
    const created = await order(member, { coupon: code });
    expect(created.code).toBe(Code.ok);
    expect(created.data).toMatchObject({ couponCode: code });
  });

  it('ending voids its coupons: members can no longer use them, uses made stand; ended twice answers 2500051', async () => {
    const { sales, campaign } = await campaignWith({ perUserLimit: 2 });
    const member = await createAccount(t);
    await sales.call(cc.coupons.issue, { campaignId: campaign.id, recipients: [member.email], reason: 'vip' });
    const [coupon] = (await myCoupons(member)).data.rows;
    expect((await order(member, { coupon: coupon!.code })).code).toBe(Code.ok);

    const ended = await sales.call(cc.coupons.end, { campaignId: campaign.id, reason: 'budget spent' });
    expect(ended.body.campaign).toMatchObject({ state: 'ended', redeemed: 1 });
    expect(await auditRows('coupon.endCampaign', campaign.id)).toMatchObject([{ reason: 'budget spent' }]);
    expect((await order(member, { coupon: coupon!.code })).code).toBe(Code.couponInvalid);
    expect((await myCoupons(member, 'expired')).data.rows.map((r) => r.code)).toEqual([coupon!.code]);
    expect((await myCoupons(member, 'unused')).data.rows).toEqual([]);
    for (const call of [
      sales.call(cc.coupons.end, { campaignId: campaign.id, reason: 'again' }),
      sales.call(cc.coupons.issue, { campaignId: campaign.id, recipients: [member.email], reason: 'again' }),
      sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 1, reason: 'again' }),
    ]) {
      expect(await call).toMatchObject({ status: 409, body: { code: Code.couponCampaignEnded } });
    }
  });
});

describe("the campaign's rules at checkout", () => {
  it('the minimum charge: an order below it is refused with 2500054, one at it gets the discount', async () => {
    const { sales, campaign } = await campaignWith({ minCharge: 4000 });
    const code = (await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 1, reason: 'min' })).body
      .codes[0];
    const member = await createAccount(t);
    expect((await order(member, { coupon: code })).code).toBe(Code.couponBelowMinimum);
    const plain = await order(member, {});
    expect((await applyCoupon(member, plain.data.orderNo, code)).code).toBe(Code.couponBelowMinimum);
    // the refused coupon left no order and no use behind
    expect(await t.db.select().from(couponUses).where(eq(couponUses.campaignId, campaign.id))).toEqual([]);
    // ML2 costs 39.99: a minimum of 39.99 lets it through
    const { sales: s2, campaign: atMin } = await campaignWith({ minCharge: 3999 });
    const code2 = (await s2.call(cc.coupons.addCodes, { campaignId: atMin.id, count: 1, reason: 'min' })).body.codes[0];
    const ok = await order(member, { coupon: code2 });
    expect(ok.code).toBe(Code.ok);
    expect(ok.data).toMatchObject({ discountAmount: { amount: 500 } });
  });

  it('goods, region (currency) and not-yet-valid campaigns are refused', async () => {
    const member = await createAccount(t);
    const codeOf = async (over: Record<string, unknown>) => {
      const { sales, campaign } = await campaignWith(over);
      return (await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 1, reason: 'rules' })).body
        .codes[0];
    };
    expect((await order(member, { coupon: await codeOf({ goodsCodes: ['ML3'] }) })).code).toBe(
      Code.couponNotApplicable,
    );
    expect((await order(member, { coupon: await codeOf({ region: 'cn' }) })).code).toBe(Code.couponNotApplicable);
    const later = { validFrom: new Date(Date.now() + DAY).toISOString() };
    expect((await order(member, { coupon: await codeOf(later) })).code).toBe(Code.couponNotYetValid);
  });

  it('the per-user limit counts over all its coupons: the issued one and a public code', async () => {
    const { sales, campaign } = await campaignWith({ perUserLimit: 1 });
    const member = await createAccount(t);
    await sales.call(cc.coupons.issue, { campaignId: campaign.id, recipients: [member.email], reason: 'vip' });
    const [issued] = (await myCoupons(member)).data.rows;
    const code = (await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 1, reason: 'fair' })).body
      .codes[0];
    expect((await order(member, { coupon: issued!.code })).code).toBe(Code.ok);
    expect((await order(member, { coupon: code })).code).toBe(Code.couponUserLimit);
    // checkout no longer offers the campaign's coupon to a new order
    const next = await order(member, {});
    const offers = await callFrom<{ rows: unknown[] }>(
      t,
      calls.orders.couponOffers,
      { orderNo: next.data.orderNo },
      member.token,
      ip(),
    );
    expect(offers.data.rows).toEqual([]);
  });

  it('the total limit counts over all its coupons; a cancelled order gives its use back', async () => {
    const { sales, campaign } = await campaignWith({ totalLimit: 1 });
    const codes = (await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 2, reason: 'fair' })).body
      .codes as string[];
    const [a, b] = await Promise.all([createAccount(t), createAccount(t)]);
    const first = await order(a, { coupon: codes[0] });
    expect(first.code).toBe(Code.ok);
    expect((await order(b, { coupon: codes[1] })).code).toBe(Code.couponUsedUp);
    await callFrom(t, calls.orders.cancel, { orderNo: first.data.orderNo }, a.token, ip());
    expect((await order(b, { coupon: codes[1] })).code).toBe(Code.ok);
  });

  it('members racing for the last use of the total limit, through two public codes and the issued coupon: one wins', async () => {
    const { sales, campaign } = await campaignWith({ totalLimit: 3 });
    const members = await Promise.all(Array.from({ length: 30 }, () => createAccount(t)));
    await sales.call(cc.coupons.issue, {
      campaignId: campaign.id,
      recipients: members.slice(0, 10).map((m) => m.email),
      reason: 'race',
    });
    const publicCodes = (await sales.call(cc.coupons.addCodes, { campaignId: campaign.id, count: 2, reason: 'race' }))
      .body.codes as string[];
    const issuedCode = (await sales.call(cc.coupons.detail, { campaignId: campaign.id })).body.issuedCode as string;
    // two uses taken beforehand: one is left
    const early = await Promise.all([createAccount(t), createAccount(t)]);
    for (const [i, m] of early.entries()) expect((await order(m, { coupon: publicCodes[i] })).code).toBe(Code.ok);

    const answers = await Promise.all(
      members.map((m, i) => order(m, { coupon: i < 10 ? issuedCode : publicCodes[i % 2] })),
    );
    const results = answers.map((a) => a.code);
    expect(results.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(results.filter((c) => c === Code.couponUsedUp)).toHaveLength(29);
    const live = await t.db
      .select()
      .from(couponUses)
      .where(and(eq(couponUses.campaignId, campaign.id), isNull(couponUses.releasedAt)));
    expect(live).toHaveLength(3);
    const grants = await t.db
      .select()
      .from(couponGrants)
      .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
      .where(eq(coupons.campaignId, campaign.id));
    expect(grants).toHaveLength(10);
  }, 120_000);
});
