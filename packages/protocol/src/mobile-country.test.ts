import { describe, expect, it } from 'vitest';
import { callingCodeOf } from './mobile-country.ts';

describe('callingCodeOf', () => {
  it('reads the country calling code of a mobile in any spelling', () => {
    expect(callingCodeOf('13800000000')).toBe('86');
    expect(callingCodeOf('+86 138 0000 0000')).toBe('86');
    expect(callingCodeOf('+447911123456')).toBe('44');
    expect(callingCodeOf('0044 7911 123456')).toBe('44');
    expect(callingCodeOf('+12015550123')).toBe('1');
    expect(callingCodeOf('+85251234567')).toBe('852');
    expect(callingCodeOf('+2348031234567')).toBe('234');
  });
  it('null for what is not a mobile number', () => {
    expect(callingCodeOf('someone@example.com')).toBeNull();
    expect(callingCodeOf('12')).toBeNull();
  });
});
