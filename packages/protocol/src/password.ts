/**
 * The one password policy (docs/protocol.md#passwords): 8–64 characters, at least two of
 * letters / digits / symbols, not equal to the email or mobile; the server
 * also refuses a bundled list of common breached passwords. The strength
 * meter (weak / medium / strong) is shared by every form.
 */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export type PasswordProblem = 'length' | 'classes' | 'sameAsAccount';
export type PasswordStrength = 'weak' | 'medium' | 'strong';

export function characterClasses(password: string): number {
  let n = 0;
  if (/\p{L}/u.test(password)) n++;
  if (/\d/.test(password)) n++;
  if (/[^\p{L}\d\s]/u.test(password)) n++;
  return n;
}

/** The first rule the password breaks, or null. `accounts` are the user's email / mobile. */
export function passwordProblem(
  password: string,
  accounts: readonly (string | null | undefined)[] = [],
): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  if (characterClasses(password) < 2) return 'classes';
  const lower = password.toLowerCase();
  if (accounts.some((a) => a && a.toLowerCase() === lower)) return 'sameAsAccount';
  return null;
}

export function passwordStrength(password: string): PasswordStrength {
  const classes = characterClasses(password) + (/[a-z]/.test(password) && /[A-Z]/.test(password) ? 1 : 0);
  const length = [...password].length;
  if (length < PASSWORD_MIN || classes < 2) return 'weak';
  if (length >= 12 && classes >= 3) return 'strong';
  return 'medium';
}

/** Schema of a new password field: length and character classes (breach and account checks are the server's). */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((p) => characterClasses(p) >= 2, { message: 'needs at least two of letters, digits and symbols' });
