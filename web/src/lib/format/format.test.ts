import { describe, expect, it } from 'vitest';
import { goodsKey, orderStatusKey } from '@/lib/enum-keys';
import { formatBytes } from './bytes';
import { formatMoney } from './money';

describe('formatting', () => {
  it('shows money as currency symbol + amount / 100', () => {
    expect(formatMoney({ amount: 3999, currency: 'USD' })).toBe('$39.99');
    expect(formatMoney({ amount: 1280000, currency: 'CNY' }, 'zh-CN')).toBe('¥12,800.00');
    expect(formatMoney({ amount: 0, currency: 'USD' })).toBe('$0.00');
  });

  it('shows storage sizes', () => {
    expect(formatBytes(734_003_200)).toBe('700 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('builds flat camelCase enum keys', () => {
    expect(goodsKey('ML-A1')).toBe('enums.goodsMlA1');
    expect(goodsKey('GCAD_365_Basic_CS')).toBe('enums.goodsGcad365BasicCs');
    expect(orderStatusKey(8)).toBe('enums.orderStatusPartiallyRefunded');
  });
});
