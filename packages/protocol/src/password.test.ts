import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordStrength, ZNewPassword } from './password.ts';

describe('password policy', () => {
  it.each([
    ['short1!', 'length'],
    ['a'.repeat(65), 'length'],
    ['onlyletters', 'classes'],
    ['1234567890', 'classes'],
    ['!!!!????##', 'classes'],
    ['demo@example.com', 'sameAsAccount'],
    ['Abcdefg1', null],
    ['密码密码密码12', null],
    ['letters and spaces 1', null],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password, ['Demo@example.com', '13800000000'])).toBe(problem);
  });

  it('rates strength weak / medium / strong', () => {
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdefgh12!x')).toBe('strong');
  });

  it('the schema applies length and classes', () => {
    expect(ZNewPassword.safeParse('Abcdefg1').success).toBe(true);
    expect(ZNewPassword.safeParse('abcdefgh').success).toBe(false);
  });
});
