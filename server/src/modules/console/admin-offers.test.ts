/**
 * Offers and prices from the console (docs/operations.md#offers-and-prices) through HTTP: admin
 * lists, reprices, takes off sale and puts back on sale; the member's catalogue and redeem offers
 * show it at their next call; support, finance and sales are refused with 2500004 and nothing
 * changes; bad input answers catalogue codes; each change writes its audit row (before/after).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TProductCatalogResponse, TRedeemOffersResponse } from '@ac/protocol/commerce';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { describe, expect, it } from 'vitest';
import { commerceAppForTests } from '../../../test/commerce-fixtures.ts';
import { consoleStaffForTests } from '../../../test/console-client.ts';

const { t, buyer } = commerceAppForTests();
const { staff, signedIn, auditRows } = consoleStaffForTests(t, 'of');
const catalogPrice = async (code: string) => {
  const res = await t.client.call<TProductCatalogResponse>(calls.products.catalog, {});
  return res.data.rows.find((r) => r.goodsCode === code)?.price;
};
const codeOffer = async (code: string, days: number) => {
  const res = await t.client.call<TRedeemOffersResponse>(calls.redeem.offers, {}, { token: buyer.token });
  return res.data.rows.find((o) => o.goodsCode === code && o.durationDays === days);
};
const ML2 = { kind: 'plan', goodsCode: 'ML2' } as const;

describe('offers and prices', () => {
  it('lists the plans and redeem-code offers in the region currency, paged; admin only', async () => {
    const admin = await signedIn('admin');
    const all = await admin.call(cc.offers.list, { pageSize: 100 });
    expect(all.status).toBe(200);
    expect(all.body.currency).toBe('USD');
    const plan = all.body.rows.find(
      (r: { kind: string; goodsCode: string }) => r.kind === 'plan' && r.goodsCode === 'ML2',
    );
    expect(plan).toMatchObject({ price: { currency: 'USD' }, active: true, buyers: null });
    expect(all.body.rows.some((r: { kind: string }) => r.kind === 'redeemCode')).toBe(true);
    const page = await admin.call(cc.offers.list, { kind: 'redeemCode', pageNo: 1, pageSize: 1 });
    expect(page.body.rows).toHaveLength(1);
    expect(page.body.total).toBeGreaterThan(1);
    for (const role of ['support', 'finance', 'sales'] as const) {
      const refused = await (await signedIn(role)).call(cc.offers.list, {});
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
    }
  });

  it('a new price shows on the purchase page at the next call; audited with before and after', async () => {
    const admin = await signedIn('admin');
    const before = await catalogPrice('ML2');
    const days = (await admin.call(cc.offers.list, { kind: 'plan', pageSize: 100 })).body.rows.find(
      (r: { goodsCode: string }) => r.goodsCode === 'ML2',
    ).durationDays;
    for (const role of ['support', 'finance', 'sales'] as const) {
      const refused = await (await signedIn(role)).call(cc.offers.setPrice, {
        ...ML2,
        durationDays: days,
        currency: 'USD',
        amount: 1,
        reason: 'not mine',
      });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
    }
    expect(await catalogPrice('ML2')).toEqual(before);
    const set = await admin.call(cc.offers.setPrice, {
      ...ML2,
      durationDays: days,
      currency: 'USD',
      amount: 5555,
      reason: 'summer price',
    });
    expect(set).toMatchObject({ status: 200, body: { offer: { price: { amount: 5555, currency: 'USD' } } } });
    expect(await catalogPrice('ML2')).toEqual({ amount: 5555, currency: 'USD' });
    const rows = await auditRows('offer.setPrice', `plan:ML2:${days}`);
    expect(rows).toMatchObject([
      {
        staffEmail: staff.admin,
        reason: 'summer price',
        before: { price: before },
        after: { price: { amount: 5555, currency: 'USD' } },
      },
    ]);
  });

  it('refuses bad input with catalogue codes and changes nothing', async () => {
    const admin = await signedIn('admin');
    const base = { kind: 'redeemCode', goodsCode: 'ML2', durationDays: 30, currency: 'USD', reason: 'try it' };
    const before = await codeOffer('ML2', 30);
    const bads: [unknown, string, number][] = [
      [{ ...base, amount: 0 }, Code.invalidParam, 400],
      [{ ...base, amount: -5 }, Code.invalidParam, 400],
      [{ ...base, amount: 1.5 }, Code.invalidParam, 400],
      [{ ...base, amount: 100, reason: '' }, Code.invalidParam, 400],
      [{ ...base, amount: 100, goodsCode: 'NOPE' }, Code.invalidParam, 400],
      [{ ...base, amount: 100, currency: 'CNY' }, Code.consoleOfferCurrencyNotRegion, 400],
      [{ ...base, amount: 100, durationDays: 7 }, Code.consoleOfferNotFound, 404],
      [{ ...base, kind: 'plan', amount: 100, durationDays: 1 }, Code.consoleOfferNotFound, 404],
    ];
    for (const [payload, code, status] of bads) {
      const res = await admin.call(cc.offers.setPrice, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status, body: { code } });
    }
    expect(await codeOffer('ML2', 30)).toEqual(before);
    expect(await auditRows('offer.setPrice', 'redeemCode:ML2:30')).toHaveLength(0);
  });

  it('a redeem-code price and taking it off sale reach the redeem page; two changes at once both land, audited', async () => {
    const admin = await signedIn('admin');
    const ref = { kind: 'redeemCode', goodsCode: 'ML2', durationDays: 30 } as const;
    const [a, b] = await Promise.all([
      admin.call(cc.offers.setPrice, { ...ref, currency: 'USD', amount: 777, reason: 'first' }),
      admin.call(cc.offers.setPrice, { ...ref, currency: 'USD', amount: 888, reason: 'second' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const last = (await codeOffer('ML2', 30))!.price.amount;
    const rows = await auditRows('offer.setPrice', 'redeemCode:ML2:30');
    expect(rows).toHaveLength(2);
    // the audit chains: one change's after is the other's before
    const afters = rows.map((r) => (r.after as { price: { amount: number } }).price.amount);
    const befores = rows.map((r) => (r.before as { price: { amount: number } }).price.amount);
    expect(afters).toContain(last);
    expect(befores).toContain(afters.find((x) => x !== last));

    const off = await admin.call(cc.offers.disable, { ...ref, reason: 'end of campaign' });
    expect(off).toMatchObject({ status: 200, body: { offer: { active: false } } });
    expect(await codeOffer('ML2', 30)).toBeUndefined();
    const refused = await (await signedIn('sales')).call(cc.offers.enable, { ...ref, reason: 'sales wants it' });
    expect(refused.body.code).toBe(Code.staffPermissionDenied);
    expect(await codeOffer('ML2', 30)).toBeUndefined();
    const on = await admin.call(cc.offers.enable, { ...ref, reason: 'back on sale' });
    expect(on).toMatchObject({ status: 200, body: { offer: { active: true } } });
    expect((await codeOffer('ML2', 30))?.price.amount).toBe(last);
    expect(await auditRows('offer.disable', 'redeemCode:ML2:30')).toMatchObject([
      { before: { active: true }, after: { active: false }, reason: 'end of campaign' },
    ]);
    expect(await auditRows('offer.enable', 'redeemCode:ML2:30')).toHaveLength(1);
  });

  it('a plan taken off sale leaves the catalogue', async () => {
    const admin = await signedIn('admin');
    const ML3 = (await admin.call(cc.offers.list, { kind: 'plan', pageSize: 100 })).body.rows.find(
      (r: { goodsCode: string }) => r.goodsCode === 'ML3',
    );
    await admin.call(cc.offers.disable, {
      kind: 'plan',
      goodsCode: 'ML3',
      durationDays: ML3.durationDays,
      reason: 'retired',
    });
    expect(await catalogPrice('ML3')).toBeUndefined();
    await admin.call(cc.offers.enable, {
      kind: 'plan',
      goodsCode: 'ML3',
      durationDays: ML3.durationDays,
      reason: 'back',
    });
    expect(await catalogPrice('ML3')).toBeDefined();
  });
});
