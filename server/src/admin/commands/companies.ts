/**
 * companies create --name <name> --end <YYYY-MM-DD> [--status active|pending] · companies list
 * companies seats --company <id> --goods <code> --total <n>
 * companies freeze|unfreeze --company <id> · companies set --company <id> [--status …] [--end …]
 * companies add-admin --company <id> --user <email|mobile>
 * (docs/product.md#enterprise)
 */
import { Code } from '@ac/protocol/codes';
import { COMPANY_STATUSES } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import type { AdminArgs, AdminCommand } from '../admin-context.ts';
import { int, oneOf, optionalText, text } from '../args.ts';
import { printable } from '../output.ts';

function date(value: string, what: string): Date {
  const d = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value) : null;
  if (!d || Number.isNaN(d.getTime())) throw new AppError(Code.invalidParam, `${what} must be a date (YYYY-MM-DD)`);
  return d;
}

function companyId(args: AdminArgs): string {
  const id = text(args, 'company');
  if (!/^[0-9a-f-]{36}$/i.test(id))
    throw new AppError(Code.invalidParam, '--company must be a company id (companies list)');
  return id;
}

export const companiesCreate: AdminCommand = async ({ services }, args) => {
  const status = oneOf(optionalText(args, 'status') ?? 'active', COMPANY_STATUSES, '--status');
  const c = await services.companies.admin.create({
    name: text(args, 'name'),
    endTime: date(text(args, 'end'), '--end'),
    status,
  });
  return `${c.id}\t${printable(c.name)}\t${c.status}\tends ${c.endTime.toISOString()}`;
};

export const companiesList: AdminCommand = async ({ services }) => {
  const rows = await services.companies.admin.list();
  return rows
    .map((c) => `${c.id}\t${printable(c.name)}\t${c.status}\t${c.freezeStatus}\tends ${c.endTime.toISOString()}`)
    .join('\n');
};

export const companiesSeats: AdminCommand = async ({ services }, args) => {
  const id = companyId(args);
  const goods = text(args, 'goods');
  const total = int(args, 'total');
  if (total < 0) throw new AppError(Code.invalidParam, '--total must not be negative');
  await services.companies.admin.setSeats(id, goods, total);
  return `${id}: ${total} seat${total === 1 ? '' : 's'} of ${goods}`;
};

export const companiesFreeze: AdminCommand = async ({ services }, args) => {
  const id = companyId(args);
  await services.companies.admin.update(id, { freezeStatus: 'frozen' });
  return `${id}: frozen (its seats grant nothing until unfrozen)`;
};

export const companiesUnfreeze: AdminCommand = async ({ services }, args) => {
  const id = companyId(args);
  await services.companies.admin.update(id, { freezeStatus: 'normal' });
  return `${id}: unfrozen`;
};

export const companiesSet: AdminCommand = async ({ services }, args) => {
  const id = companyId(args);
  const status = optionalText(args, 'status');
  const end = optionalText(args, 'end');
  if (!status && !end) throw new AppError(Code.invalidParam, '--status or --end is required');
  await services.companies.admin.update(id, {
    ...(status ? { status: oneOf(status, COMPANY_STATUSES, '--status') } : {}),
    ...(end ? { endTime: date(end, '--end') } : {}),
  });
  return `${id}: updated`;
};

export const companiesAddAdmin: AdminCommand = async ({ services }, args) => {
  const id = companyId(args);
  const account = text(args, 'user');
  await services.companies.admin.addAdmin(id, account);
  return `${id}: ${account} is an admin`;
};
