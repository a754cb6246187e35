import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TProductCatalogResponse } from '@ac/protocol/commerce';
import { GOODS_CODES } from '@ac/protocol/enums';
import { httpPaths, payNotifyPath } from '@ac/protocol/http-paths';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';

describe.each([
  ['us', 'USD', 3999],
  ['cn', 'CNY', 12800],
] as const)('product/catalog (%s)', (region, currency, ml2Price) => {
  const t = testAppForTests({ region });

  const catalog = () => t.client.call<TProductCatalogResponse>(calls.products.catalog, {});

  it('lists every goods code of docs/product.md#data without a session, priced in the region currency', async () => {
    const res = await catalog();
    expect(res.code).toBe(Code.ok);
    expect(res.data.currency).toBe(currency);
    expect(res.data.rows.map((r) => r.goodsCode).sort()).toEqual([...GOODS_CODES].sort());
    expect(res.data.rows.every((r) => r.price.currency === currency && Number.isInteger(r.price.amount))).toBe(true);
    expect(res.data.rows.find((r) => r.goodsCode === 'ML2')).toMatchObject({
      productType: 'viewer',
      accountType: 'premium',
      serviceType: 'membership',
      durationDays: 365,
      price: { amount: ml2Price, currency },
    });
    expect(res.data.rows.find((r) => r.goodsCode === 'MS')?.serviceType).toBe('toolKit');
  });

  it('hides goods taken off sale and shows a changed price', async () => {
    const { createServices } = await import('../../app/services.ts');
    const commerce = createServices({ config: t.config, db: t.db, log: t.app.log });
    await commerce.products.setActive('ML_LT1', false);
    await commerce.products.setPrice('ML2', currency, 4321);
    const res = await catalog();
    expect(res.data.rows.some((r) => r.goodsCode === 'ML_LT1')).toBe(false);
    expect(res.data.rows.find((r) => r.goodsCode === 'ML2')?.price.amount).toBe(4321);
    await commerce.products.setActive('ML_LT1', true);
    await commerce.close();
  });

  it('documents every commerce call in the OpenAPI at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    for (const call of [
      calls.products.catalog,
      ...Object.values(calls.orders),
      calls.redeem.preview,
      calls.redeem.exchange,
      calls.redeem.orders,
    ]) {
      expect(paths).toContain(call.path);
    }
    expect(paths).toContain(payNotifyPath('{provider}'));
    expect(paths).toContain(httpPaths.sandboxCheckout);
  });

  it('refuses a payload with unknown fields', async () => {
    expect((await t.client.call(calls.products.catalog, { x: 1 })).code).toBe(Code.invalidParam);
  });
});
