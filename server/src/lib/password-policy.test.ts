import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import type { AppError } from './app-error.ts';
import { assertPasswordAllowed, isBreachedPassword } from './password-policy.ts';

const codeOf = (password: string) => {
  try {
    assertPasswordAllowed(password, ['demo@example.com']);
    return null;
  } catch (e) {
    return (e as AppError).code;
  }
};

describe('server password policy', () => {
  it('knows common breached passwords', () => {
    expect(isBreachedPassword('password1')).toBe(true);
    expect(isBreachedPassword('PASSWORD1')).toBe(true);
    expect(isBreachedPassword('Tq7#vLx9-kPz')).toBe(false);
  });

  it.each([
    ['abc', Code.passwordPolicy],
    ['abcdefghij', Code.passwordPolicy],
    ['demo@example.com', Code.passwordSameAsAccount],
    ['password1', Code.passwordBreached],
    ['qwerty123', Code.passwordBreached],
    ['Tq7#vLx9-kPz', null],
  ])('%s → %s', (password, code) => {
    expect(codeOf(password)).toBe(code);
  });
});
