import { PAY_METHODS } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { payMethodKey, payMethodsByRegion } from './pay-methods';

describe('payment methods', () => {
  it('offers Alipay and WeChat in China and the card page flow overseas', () => {
    expect(payMethodsByRegion.cn).toEqual([2, 3]);
    expect(payMethodsByRegion.us).toEqual([7]);
  });
  it('names every method', () => {
    expect(new Set(PAY_METHODS.map(payMethodKey)).size).toBe(PAY_METHODS.length);
  });
});
