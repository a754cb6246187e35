import { describe, expect, it } from 'vitest';
import { maskMobile } from './common.ts';
import { formatMobile } from './mobile-display.ts';

describe('formatMobile', () => {
  it('shows a mainland number in the national form, from E.164 or as typed', () => {
    expect(formatMobile('+8613800000000')).toBe('138 0000 0000');
    expect(formatMobile('+8618912345678')).toBe('189 1234 5678');
    expect(formatMobile('13800000000')).toBe('138 0000 0000');
    expect(formatMobile('0086 139-1111-2222')).toBe('139 1111 2222');
  });

  it('shows Hong Kong and overseas numbers with their country code', () => {
    expect(formatMobile('+85251234567')).toBe('+852 5123 4567');
    expect(formatMobile('+12015550123')).toBe('+1 201 555 0123');
    expect(formatMobile('+447911123456')).toBe('+44 7911 123456');
  });

  it('keeps what is not a possible mobile number as it is', () => {
    for (const v of ['', 'demo', 'Demo User', '12345', '+1234', '+99912345678', '138 0000', 'a@b.cn']) {
      expect(formatMobile(v)).toBe(v);
    }
  });
});

describe('maskMobile', () => {
  it('hides the middle of the national digits of a mainland number, and of the whole number elsewhere', () => {
    expect(maskMobile('+8613911112222')).toBe('139****2222');
    expect(maskMobile('13911112222')).toBe('139****2222');
    expect(maskMobile('+12015550123')).toBe('+12****0123');
    expect(maskMobile('Demo Engineering')).toBe('Demo Engineering');
  });
});
