import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import { DAY } from '../../lib/time.ts';
import { campaignRefusalOf, discountOf, refusalOf, tabOf } from './coupon-rules.ts';
import type { CouponRow } from './coupons.repo.ts';

const now = new Date('2026-06-15T12:00:00Z');
const coupon = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: 'c',
  code: 'SAVE',
  kind: 'amount',
  amountOff: 1000,
  currency: 'USD',
  percentOff: null,
  goodsCodes: null,
  validFrom: new Date(now.getTime() - DAY),
  validTo: new Date(now.getTime() + DAY),
  perUserLimit: 1,
  totalLimit: null,
  uses: 0,
  audience: 'public',
  voidedAt: null,
  createdAt: now,
  campaignId: null,
  ...over,
});
const usd = (amount: number) => ({ goodsCode: 'ML2', currency: 'USD' as const, amount });
const fresh = { granted: false, liveUses: 0 };

describe('discountOf', () => {
  it('takes the amount off, but leaves the minimum charge (0.50 USD, 0.01 CNY)', () => {
    expect(discountOf(coupon(), usd(3999))).toBe(1000);
    expect(discountOf(coupon(), usd(1020))).toBe(970);
    expect(discountOf(coupon({ currency: 'CNY' }), { goodsCode: 'ML2', currency: 'CNY', amount: 1000 })).toBe(999);
    expect(discountOf(coupon(), usd(50))).toBe(0);
  });

  it('rounds a percentage down to a whole minor unit', () => {
    const pct = (p: number) => coupon({ kind: 'percent', percentOff: p, amountOff: null, currency: null });
    expect(discountOf(pct(15), usd(20997))).toBe(3149);
    expect(discountOf(pct(33), usd(100))).toBe(33);
    expect(discountOf(pct(1), usd(99))).toBe(0);
    expect(discountOf(pct(100), usd(3999))).toBe(3949);
  });
});

describe('refusalOf', () => {
  it('checks the rules in the order of the catalogue', () => {
    expect(refusalOf(coupon(), fresh, usd(3999), now)).toBeNull();
    expect(refusalOf(coupon({ voidedAt: now }), fresh, usd(3999), now)).toBe(Code.couponInvalid);
    expect(refusalOf(coupon({ audience: 'granted' }), fresh, usd(3999), now)).toBe(Code.couponInvalid);
    expect(refusalOf(coupon({ audience: 'granted' }), { granted: true, liveUses: 0 }, usd(3999), now)).toBeNull();
    expect(refusalOf(coupon({ validFrom: new Date(now.getTime() + 1) }), fresh, usd(3999), now)).toBe(
      Code.couponNotYetValid,
    );
    // the window is [validFrom, validTo)
    expect(refusalOf(coupon({ validFrom: now }), fresh, usd(3999), now)).toBeNull();
    expect(refusalOf(coupon({ validTo: now }), fresh, usd(3999), now)).toBe(Code.couponExpired);
    expect(refusalOf(coupon({ goodsCodes: ['ML3'] }), fresh, usd(3999), now)).toBe(Code.couponNotApplicable);
    expect(refusalOf(coupon({ goodsCodes: ['ML2', 'ML3'] }), fresh, usd(3999), now)).toBeNull();
    expect(refusalOf(coupon({ currency: 'CNY' }), fresh, usd(3999), now)).toBe(Code.couponNotApplicable);
    expect(refusalOf(coupon(), fresh, usd(50), now)).toBe(Code.couponNotApplicable);
    expect(refusalOf(coupon({ totalLimit: 3, uses: 3 }), fresh, usd(3999), now)).toBe(Code.couponUsedUp);
    expect(refusalOf(coupon({ totalLimit: 3, uses: 2 }), fresh, usd(3999), now)).toBeNull();
    expect(refusalOf(coupon({ perUserLimit: 2 }), { granted: false, liveUses: 2 }, usd(3999), now)).toBe(
      Code.couponUserLimit,
    );
  });
});

describe('tabOf', () => {
  it('used when I used it up; expired when no one can use it; else unused (not yet valid too)', () => {
    expect(tabOf(coupon(), 0, now)).toBe('unused');
    expect(
      tabOf(coupon({ validFrom: new Date(now.getTime() + DAY), validTo: new Date(now.getTime() + 2 * DAY) }), 0, now),
    ).toBe('unused');
    expect(tabOf(coupon(), 1, now)).toBe('used');
    expect(tabOf(coupon({ validTo: now }), 1, now)).toBe('used');
    expect(tabOf(coupon({ validTo: now }), 0, now)).toBe('expired');
    expect(tabOf(coupon({ voidedAt: now }), 0, now)).toBe('expired');
    expect(tabOf(coupon({ totalLimit: 1, uses: 1 }), 0, now)).toBe('expired');
    expect(tabOf(coupon({ perUserLimit: 2 }), 1, now)).toBe('unused');
  });
});

describe('campaignRefusalOf', () => {
  const campaign = { endedAt: null, currency: 'USD' as const, minCharge: 2000, totalLimit: 3, perUserLimit: 1 };
  const none = { liveUses: 0, userLiveUses: 0 };
  it('checks the end, the currency, the minimum charge, then the total and the per-user limit', () => {
    expect(campaignRefusalOf(campaign, none, usd(2000))).toBe(null);
    expect(campaignRefusalOf({ ...campaign, endedAt: now }, none, usd(2000))).toBe(Code.couponInvalid);
    expect(campaignRefusalOf(campaign, none, { ...usd(2000), currency: 'CNY' })).toBe(Code.couponNotApplicable);
    expect(campaignRefusalOf(campaign, none, usd(1999))).toBe(Code.couponBelowMinimum);
    expect(campaignRefusalOf(campaign, { liveUses: 3, userLiveUses: 0 }, usd(2000))).toBe(Code.couponUsedUp);
    expect(campaignRefusalOf({ ...campaign, totalLimit: null }, { liveUses: 99, userLiveUses: 0 }, usd(2000))).toBe(
      null,
    );
    expect(campaignRefusalOf(campaign, { liveUses: 1, userLiveUses: 1 }, usd(2000))).toBe(Code.couponUserLimit);
  });
});
