/**
 * A money action's fresh second factor (docs/operations.md#money-actions): a refund or a void
 * runs only when the staff member proved their second factor within FRESH_SECOND_FACTOR_MINUTES
 * — at sign-in, or with the code the action's dialog sends (`secondFactorCode`), which is checked
 * by the same core as the sign-in step (replay guard, failure counter) and renews the moment.
 * Declared per call (`freshSecondFactor` in packages/protocol/src/console/console-calls.ts) and
 * checked by console-call.ts for every such call, after the permission and the request schema.
 */
import { Code } from '@ac/protocol/codes';
import { FRESH_SECOND_FACTOR_MINUTES } from '@ac/protocol/console/staff';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, MINUTE } from '../../lib/time.ts';
import type { StaffService, StaffSession } from '../staff/staff.service.ts';
import type { StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import type { SecondFactor } from './second-factor.ts';

export type FreshSecondFactor = (session: StaffSession, code: string | undefined) => Promise<void>;

export function createFreshSecondFactor(d: {
  db: Db;
  secondFactor: Pick<SecondFactor, 'verify'>;
  staff: Pick<StaffService, 'completeSecondFactor'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
  now?: () => Date;
}): FreshSecondFactor {
  const now = d.now ?? (() => new Date());
  return async (session, code) => {
    const at = session.session.secondFactorAt;
    if (at && at > addMs(now(), -FRESH_SECOND_FACTOR_MINUTES * MINUTE)) return;
    if (!code) throw new AppError(Code.staffFreshSecondFactorRequired);
    const method = await d.secondFactor.verify(session.staff.id, code);
    await d.staff.completeSecondFactor(session.session.id);
    if (method === 'recovery') {
      const { staff } = session;
      await d.staffAudit.record(
        { staffId: staff.id, email: staff.email, role: staff.role },
        { action: 'staff.recoveryCodeUsed', targetType: 'staff', targetId: staff.id },
        d.db,
      );
    }
  };
}
