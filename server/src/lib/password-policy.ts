/** The server side of the password policy: the shared rules plus the bundled breached list. */
import { Code } from '@ac/protocol/codes';
import { passwordProblem } from '@ac/protocol/password';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error.ts';

let breached: Set<string> | undefined;

/** About 30,000 common passwords from the zxcvbn-ts common dictionary. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

export function assertPasswordAllowed(password: string, accounts: readonly (string | null | undefined)[]) {
  const problem = passwordProblem(password, accounts);
  if (problem === 'length' || problem === 'classes') throw new AppError(Code.passwordPolicy);
  if (problem === 'sameAsAccount') throw new AppError(Code.passwordSameAsAccount);
  if (isBreachedPassword(password)) throw new AppError(Code.passwordBreached);
}
