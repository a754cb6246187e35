/**
 * subscriptions charge-due [--at <ISO time>]: the Alipay agreement deductions that are due, made now
 * (docs/operations.md#renewals-china-alipay-deductions) — what the scheduled job `agreements-charge`
 * does every ten minutes, run at once by an operator (after an Alipay outage, say). `--at` runs
 * them as if it were that time, for test servers and the browser journeys (a period's end without
 * waiting a month); production refuses it: a member's money is never taken ahead of its day.
 */
import { Code } from '@ac/protocol/codes';
import { AppError } from '../../lib/app-error.ts';
import type { AdminCommand } from '../admin-context.ts';
import { optionalText } from '../args.ts';

/** An ISO 8601 time with its zone (`2026-12-01T08:00:00Z`, `…+08:00`): never the machine's local time. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;

function timeOf(text: string): Date {
  const at = new Date(text);
  if (!ISO_TIME.test(text) || Number.isNaN(at.getTime())) {
    throw new AppError(Code.invalidParam, '--at must be an ISO 8601 time with its zone (2026-12-01T08:00:00Z)');
  }
  return at;
}

export const subscriptionsChargeDue: AdminCommand = async ({ config, services, now }, args) => {
  const atText = optionalText(args, 'at');
  if (atText !== undefined && config.production) {
    throw new AppError(Code.invalidParam, '--at is refused in production: deductions are made at the real time');
  }
  if (!services.gateways.agreements) {
    throw new AppError(
      Code.payMethodUnavailable,
      'Alipay agreement payments are not configured (PAYMENT_PROVIDERS does not list alipay)',
    );
  }
  const at = atText === undefined ? now() : timeOf(atText);
  // real time by default: a long run's claims and orders carry the time each was made
  const charges = atText === undefined ? services.agreementCharges : services.agreementCharges.asOf(at);
  const r = await charges.chargeDue();
  const outcomes = `granted ${r.granted}, failed ${r.failed}, ended ${r.ended}, unknown ${r.unknown}, duplicate ${r.duplicate}`;
  return `as of ${at.toISOString()}: ${outcomes}, not due ${r.notDue}, errors ${r.errors}; cancelled renewals ended ${r.endedCancelled}`;
};
