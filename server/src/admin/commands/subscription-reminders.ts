/**
 * subscriptions remind [--at <ISO time>]: the reminder pass of the hourly job `subscriptions-remind`
 * (docs/product.md#renewing-memberships), the same code, run now — or, outside production, as if
 * it were `--at` (a test of the mails 7 days before a renewal or an end without waiting for it).
 * Each reminder is still sent once: a pass at a time already reminded sends nothing again.
 */
import { Code } from '@ac/protocol/codes';
import { AppError } from '../../lib/app-error.ts';
import { MAIL_QUEUE } from '../../modules/jobs/mail-jobs.ts';
import type { AdminCommand } from '../admin-context.ts';
import { optionalText } from '../args.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const subscriptionsRemind: AdminCommand = async ({ config, services, now }, args) => {
  const given = optionalText(args, 'at');
  if (given !== undefined && config.production) {
    throw new AppError(Code.invalidParam, '--at is refused in production: the reminders go out at their time');
  }
  if (given !== undefined && (!ISO.test(given) || Number.isNaN(Date.parse(given)))) {
    throw new AppError(Code.invalidParam, '--at must be an ISO time with its zone, e.g. 2027-03-04T09:00:00Z');
  }
  const at = given === undefined ? now() : new Date(given);
  // over SMTP each mail's delivery job is written with it: the running server's worker sends it
  if (config.smtpUrl) await services.jobs.prepare(MAIL_QUEUE);
  const sent = await services.reminders.remind(at);
  return `reminders at ${at.toISOString()}: ${sent.renewal} renewal, ${sent.ending} ending`;
};
