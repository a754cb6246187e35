/**
 * Who receives what when a code is asked for (docs/protocol.md#verification-codes): answers never tell
 * whether an account exists; codes for session purposes go only to the
 * user's own address (or the new one being bound).
 */
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose } from '@ac/protocol/enums';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';

export type Delivery = 'code' | 'notice' | 'none';

/** Purposes whose delivery depends on whether an account exists: their messages are sent without waiting. */
export const accountBlindPurposes: readonly TCodePurpose[] = ['login', 'findPwd', 'register'];

type Lookups = {
  accountExists(target: string): Promise<boolean>;
  ownAddresses(userId: string): Promise<(string | null)[]>;
};

export async function deliveryFor(
  purpose: TCodePurpose,
  target: string,
  session: AuthSession | null,
  lookups: Lookups,
): Promise<Delivery> {
  switch (purpose) {
    case 'login':
    case 'findPwd':
      return (await lookups.accountExists(target)) ? 'code' : 'none';
    case 'register':
      // the owner of an existing account is told instead of getting a code
      return (await lookups.accountExists(target)) ? 'notice' : 'code';
    case 'bindEmail':
    case 'bindMobile':
      if (!session) throw new AppError(Code.sessionExpired);
      return 'code';
    case 'changePassword':
    case 'cancelAccount': {
      if (!session) throw new AppError(Code.sessionExpired);
      const own = await lookups.ownAddresses(session.userId);
      if (!own.some((a) => a && a.toLowerCase() === target.toLowerCase())) {
        throw new AppError(Code.invalidParam, 'the code must go to your own email or mobile');
      }
      return 'code';
    }
  }
}
