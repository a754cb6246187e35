import { PAY_METHODS } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { payChoiceId, payChoiceKey, payChoices, payMethodKey, payMethodsByRegion } from './pay-methods';

describe('payment methods', () => {
  it('offers Alipay and WeChat in China and the card page flow overseas', () => {
    expect(payMethodsByRegion.cn).toEqual([2, 3]);
    expect(payMethodsByRegion.us).toEqual([7]);
  });
  it('names every method', () => {
    expect(new Set(PAY_METHODS.map(payMethodKey)).size).toBe(PAY_METHODS.length);
  });
  it('offers PayPal overseas only, beside the card, when the server offers it', () => {
    expect(payChoices('us', ['card'])).toEqual([{ method: 7, channel: 'card' }]);
    const both = payChoices('us', ['card', 'paypal']);
    expect(both).toEqual([
      { method: 7, channel: 'card' },
      { method: 7, channel: 'paypal' },
    ]);
    expect(both.map(payChoiceId)).toEqual(['7', '7-paypal']);
    expect(both.map(payChoiceKey)).toEqual(['checkout.methodCard', 'checkout.methodPaypal']);
    // FastSpring's popup storefront: a third channel of 7
    const three = payChoices('us', ['card', 'paypal', 'fastspring']);
    expect(three.map(payChoiceId)).toEqual(['7', '7-paypal', '7-fastspring']);
    expect(three.map(payChoiceKey).at(-1)).toBe('checkout.methodStorefront');
    // China has no pay method 7: the channels change nothing there
    expect(payChoices('cn', ['card', 'paypal', 'fastspring'])).toEqual([{ method: 2 }, { method: 3 }]);
  });
});
