import type { TCatalogItem, TMyProduct } from '@ac/protocol/commerce';
import { describe, expect, it } from 'vitest';
import { currentEndOf, membershipEnd } from './membership-end';
import { findPlan, plansLike } from './plan-options';

const item = (goodsCode: TCatalogItem['goodsCode'], productType: TCatalogItem['productType']): TCatalogItem => ({
  goodsCode,
  name: goodsCode,
  productType,
  accountType: 'premium',
  serviceType: 'membership',
  level: 1,
  durationDays: 365,
  storageGb: 0,
  price: { amount: 12800, currency: 'CNY' },
});
const rows = [item('ML1', 'viewer'), item('ML2', 'viewer'), item('MS', 'cloudMapExt'), item('ML-P1', 'viewer')];

describe('plan options', () => {
  it('finds the goods code, in any letter case', () => {
    expect(findPlan(rows, 'ML2')?.goodsCode).toBe('ML2');
    expect(findPlan(rows, ' ml-p1 ')?.goodsCode).toBe('ML-P1');
    expect(findPlan(rows, 'NOPE')).toBeUndefined();
    expect(findPlan(rows, '')).toBeUndefined();
  });

  it('offers the plans of the same product type', () => {
    expect(plansLike(rows, rows[1]!).map((r) => r.goodsCode)).toEqual(['ML1', 'ML2', 'ML-P1']);
    expect(plansLike(rows, rows[2]!).map((r) => r.goodsCode)).toEqual(['MS']);
  });
});

describe('membership end', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const mine: TMyProduct[] = [
    {
      goodsCode: 'ML2',
      name: 'Viewer Premium',
      productType: 'viewer',
      accountType: 'premium',
      startTime: '2025-06-01T00:00:00Z',
      expireTime: '2026-06-01T00:00:00Z',
    },
  ];

  it('reads the current end of the same goods code only', () => {
    expect(currentEndOf(mine, 'ML2')).toBe('2026-06-01T00:00:00Z');
    expect(currentEndOf(mine, 'ML3')).toBeUndefined();
    expect(currentEndOf(undefined, 'ML2')).toBeUndefined();
  });

  it('extends a live membership from its end', () => {
    expect(membershipEnd('2026-06-01T00:00:00Z', 365, now).toISOString()).toBe('2027-06-01T00:00:00.000Z');
  });

  it('starts from now when there is none or it has ended', () => {
    expect(membershipEnd(undefined, 30, now).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(membershipEnd('2025-01-01T00:00:00Z', 30, now).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('multiplies the duration by the quantity', () => {
    expect(membershipEnd(undefined, 365, now, 2).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });
});
