/**
 * The second sign-in step's boundary (docs/decisions/0038-operator-console.md): a staff
 * session is complete only after `SecondFactor` says yes. `staffSecondFactor` is the
 * second-factor module's core (docs/decisions/0036-two-factor.md) for subjects of kind
 * `staff`: an authenticator app (TOTP, each step used once), ten single-use recovery codes,
 * and the core's failure counter per staff member (4 free, then a growing lock: 0000006).
 */
import { Code } from '@ac/protocol/codes';
import type { TRecoveryCodes, TSecondFactorMethod, TTotpStartResponse } from '@ac/protocol/two-factor';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecondFactorService } from '../second-factor/second-factor.service.ts';
import type { Subject } from '../second-factor/subject.ts';

export type SecondFactor = {
  /** Whether this staff account has a confirmed second factor. */
  isEnrolled(staffId: string): Promise<boolean>;
  /** A new authenticator-app secret (replacing an unconfirmed one); 1600005 when one is on. */
  startEnrolment(staffId: string, label: string): Promise<TTotpStartResponse>;
  /** The app's first code turns it on: the recovery codes; 2500007 when the code is wrong. */
  confirmEnrolment(staffId: string, code: string): Promise<TRecoveryCodes>;
  /** An app or recovery code proven (and used up); 2500007 when wrong, 2500008 when none is set up. */
  verify(staffId: string, code: string): Promise<TSecondFactorMethod>;
  /** Forgets every factor and recovery code of the account (a lost device). */
  reset(staffId: string, tx: DbOrTx): Promise<void>;
};

const staffSubject = (id: string): Subject => ({ kind: 'staff', id });

/** The core's refusals as the console's codes (the core's 1600001 is the members' wording). */
async function asStaffRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof AppError && e.code === Code.secondFactorInvalid) throw new AppError(Code.staffSecondFactorWrong);
    if (e instanceof AppError && e.code === Code.twoFactorNotOn) throw new AppError(Code.staffSecondFactorNotEnrolled);
    throw e;
  }
}

export function staffSecondFactor(
  core: Pick<SecondFactorService, 'isEnabled' | 'startTotp' | 'confirmTotp' | 'verify' | 'disable'>,
): SecondFactor {
  return {
    isEnrolled: (staffId) => core.isEnabled(staffSubject(staffId)),
    startEnrolment: (staffId, label) => core.startTotp(staffSubject(staffId), label),
    confirmEnrolment: (staffId, code) => asStaffRefusal(core.confirmTotp(staffSubject(staffId), code)),
    verify: (staffId, code) => asStaffRefusal(core.verify(staffSubject(staffId), code)),
    reset: (staffId, tx) => core.disable(staffSubject(staffId), tx),
  };
}
