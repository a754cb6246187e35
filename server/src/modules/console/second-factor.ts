/**
 * The second sign-in step's boundary (docs/decisions/0038-operator-console.md). A staff session
 * is complete only after `SecondFactor.verify` says yes; the two-factor module (TOTP, recovery
 * codes) provides the real one — app/services.ts builds it and passes it as `secondFactor`.
 * Until it lands, production has none (the step answers 2500008 and the console stays closed);
 * test servers may set ADMIN_TEST_SECOND_FACTOR_CODE, refused in production.
 */
import { secretsEqual } from '../../lib/hashing.ts';

export type SecondFactor = {
  /** Whether `code` is a valid second factor of this staff account now. */
  verify(staffId: string, code: string): Promise<boolean>;
};

/** Test servers only: one fixed code for every staff account (ADMIN_TEST_SECOND_FACTOR_CODE). */
export function testSecondFactor(code: string): SecondFactor {
  return { verify: async (_staffId, given) => secretsEqual(given, code) };
}
