import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TRedeemOffersResponse } from '@ac/protocol/commerce';
import { describe, expect, it } from 'vitest';
import { commerceAppForTests } from '../../../test/commerce-fixtures.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';

const { t, buyer } = commerceAppForTests();
const admin = (line: string, values: Record<string, string> = {}) => runAdmin(t, line, values);
/** The offers a user sees through redeem/offers, as `goods/days price`. */
const offered = async () => {
  const res = await t.client.call<TRedeemOffersResponse>(calls.redeem.offers, {}, { token: buyer.token });
  expect(res.code).toBe(Code.ok);
  return res.data.rows.map((o) => `${o.goodsCode}/${o.durationDays} ${o.price.amount}`);
};

describe('offers commands', () => {
  it('list: the seeded offers with their prices, range, buyers and whether on sale', async () => {
    const list = await admin('offers list');
    expect(list.split('\n')[0]).toMatch(/^goods\s+name\s+days\s+USD\s+CNY\s+quantity\s+buyers\s+on sale$/);
    expect(list).toMatch(/ML2\s+Viewer Premium\s+30\s+4\.99 USD\s+15\.00 CNY\s+1-500\s+everyone\s+yes/);
    expect(list).toMatch(/ML4\s+Viewer Enterprise\s+365\s+.*companyAdmins\s+yes/);
  });

  it('add: a new offer is for sale at once; adding it again changes its terms', async () => {
    expect(await admin('offers add', { goods: 'ML3', days: '90', usd: '1999', cny: '6800', max: '50' })).toBe(
      'ML3 90 days: 19.99 USD / 68.00 CNY a code, 1-50, everyone, on sale',
    );
    expect(await offered()).toContain('ML3/90 1999');
    await admin('offers add', { goods: 'ML3', days: '90', usd: '1499', cny: '5800', buyers: 'companyAdmins' });
    expect(await admin('offers list')).toMatch(
      /ML3\s+\S.*\s+90\s+14\.99 USD\s+58\.00 CNY\s+1-500\s+companyAdmins\s+yes/,
    );
    const row = (
      await t.client.call<TRedeemOffersResponse>(calls.redeem.offers, {}, { token: buyer.token })
    ).data.rows.find((o) => o.goodsCode === 'ML3' && o.durationDays === 90);
    // a buyer who is no company admin sees it and may not buy it
    expect(row).toMatchObject({ buyers: 'companyAdmins', mayBuy: false, maxQuantity: 500 });
  });

  it('disable takes an offer off sale (buying it is refused), enable puts it back', async () => {
    expect(await admin('offers disable', { goods: 'ML2', days: '30' })).toBe('ML2 30 days: off sale');
    expect(await offered()).not.toContain('ML2/30 499');
    expect(await admin('offers list')).toMatch(/ML2\s+Viewer Premium\s+30\s+.*everyone\s+no/);
    const buy = await t.client.call(
      calls.redeem.buy,
      { goodsCode: 'ML2', durationDays: 30, quantity: 1 },
      { token: buyer.token },
    );
    expect(buy.code).toBe(Code.redeemOfferNotFound);
    expect(await admin('offers enable', { goods: 'ML2', days: '30' })).toBe('ML2 30 days: on sale');
    expect(await offered()).toContain('ML2/30 499');
  });

  it('refuses unknown goods or offers and bad terms with the catalogue codes', async () => {
    await expect(admin('offers add', { goods: 'NOPE', days: '30', usd: '1', cny: '1' })).rejects.toMatchObject({
      code: Code.goodsNotFound,
    });
    await expect(admin('offers disable', { goods: 'ML2', days: '7' })).rejects.toMatchObject({
      code: Code.goodsNotFound,
    });
    const bads: Record<string, string>[] = [
      { days: '0', usd: '1', cny: '1' },
      { days: '3651', usd: '1', cny: '1' },
      { days: '30', usd: '-1', cny: '1' },
      { days: '30', usd: '1', cny: '1', min: '5', max: '2' },
      { days: '30', usd: '1', cny: '1', max: '100000' },
      { days: '30', usd: '1', cny: '1', buyers: 'friends' },
      { days: '30', cny: '1' },
    ];
    for (const bad of bads) {
      await expect(admin('offers add', { goods: 'ML2', ...bad })).rejects.toMatchObject({ code: Code.invalidParam });
    }
  });
});
