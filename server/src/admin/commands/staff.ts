/**
 * Staff accounts of the operator console (docs/operations.md#bootstrap):
 * `staff create --email … --name … --role admin` (password from stdin or asked), `staff list`,
 * `staff disable --email …`, `staff enable --email …`, `staff reset-second-factor --email …`
 * (a lost device: the next sign-in sets up an authenticator app again). Recorded in the staff
 * audit as the command line.
 */
import { Code } from '@ac/protocol/codes';
import { STAFF_ROLES } from '@ac/protocol/console/staff';
import { AppError } from '../../lib/app-error.ts';
import { COMMAND_LINE_ACTOR } from '../../modules/staff-audit/staff-audit.service.ts';
import type { AdminCommand } from '../admin-context.ts';
import { oneOf, text } from '../args.ts';
import { table } from '../output.ts';

export const staffCreate: AdminCommand = async ({ services, readSecret }, args) => {
  const email = text(args, 'email');
  const name = text(args, 'name');
  const role = oneOf(text(args, 'role'), STAFF_ROLES, '--role');
  if (!readSecret) throw new AppError(Code.invalidParam, 'the password is read from stdin');
  const password = await readSecret(`Password for ${email}: `);
  const row = await services.staff.create(COMMAND_LINE_ACTOR, { email, name, role, password });
  return `staff ${row.email} (${row.role}) created; sign in at the console with a second factor`;
};

export const staffList: AdminCommand = async ({ services }) => {
  const rows = await services.staff.list();
  const body = table(
    ['email', 'name', 'role', 'disabled', 'created'],
    rows.map((s) => [s.email, s.name, s.role, s.disabled ? 'yes' : 'no', s.createdAt.toISOString().slice(0, 10)]),
  );
  return `${body}\n${rows.length} staff accounts`;
};

export const staffDisable: AdminCommand = async ({ services }, args) => {
  const row = await services.staff.setDisabled(COMMAND_LINE_ACTOR, text(args, 'email'), true);
  return `staff ${row.email} disabled; their sessions ended`;
};

export const staffEnable: AdminCommand = async ({ services }, args) => {
  const row = await services.staff.setDisabled(COMMAND_LINE_ACTOR, text(args, 'email'), false);
  return `staff ${row.email} enabled`;
};

export const staffResetSecondFactor: AdminCommand = async ({ services }, args) => {
  const row = await services.consoleSessions.resetSecondFactor(COMMAND_LINE_ACTOR, text(args, 'email'));
  return `staff ${row.email}: second factor and recovery codes removed, sessions ended; the next sign-in sets up an authenticator app`;
};
