import { describe, expect, it } from 'vitest';
import {
  idCheckDigit,
  isValidBankCard,
  maskCashAccount,
  maskIdNumber,
  maskName,
  yearOptions,
  ZSaveAuthenticationRequest,
  ZSaveCashAccountRequest,
} from './trade.ts';

describe('trade rules', () => {
  it('lists years from the current year back to 1970', () => {
    const years = yearOptions(new Date('2026-06-01T00:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1970);
    expect(years).toHaveLength(57);
  });

  it('computes the GB 11643 check character', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('11010119900307123')).toBe('3');
  });

  it('normalises and checks the identity request', () => {
    expect(ZSaveAuthenticationRequest.parse({ realName: ' 张三 ', idNumber: '11010519491231002x' })).toEqual({
      realName: '张三',
      idNumber: '11010519491231002X',
    });
    expect(
      ZSaveAuthenticationRequest.safeParse({ realName: 'Zhang San', idNumber: '11010519491231002X' }).success,
    ).toBe(false);
  });

  it('checks bank cards with Luhn and masks what answers show', () => {
    expect(isValidBankCard('6222021234567890128')).toBe(true);
    expect(isValidBankCard('6222021234567890123')).toBe(false);
    expect(isValidBankCard('622202123456789')).toBe(false);
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskName('张三丰')).toBe('**丰');
    expect(maskName('李')).toBe('*李');
    expect(maskCashAccount('alipay', '13912345678')).toBe('139****5678');
    expect(maskCashAccount('alipay', 'zhang@example.com')).toBe('z***@example.com');
    expect(maskCashAccount('bankCard', '6222021234567890128')).toBe('**** 0128');
  });

  it('needs the bank name for a bank card, not for Alipay', () => {
    const base = { holderName: '张三', cashPassword: '123456' };
    expect(
      ZSaveCashAccountRequest.safeParse({ ...base, type: 'bankCard', account: '6222021234567890128' }).success,
    ).toBe(false);
    expect(ZSaveCashAccountRequest.parse({ ...base, type: 'alipay', account: 'A@Example.com' })).toMatchObject({
      account: 'a@example.com',
      isDefault: false,
    });
  });
});
