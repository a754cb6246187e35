/**
 * coupons create --code <code> (--amount <minor units> --currency USD|CNY | --percent <1-100>) [spec] [--user <account>]
 * coupons batch --count <n> (--amount … | --percent …) [spec] [--out coupons.csv]
 * coupons grant <code> --user <email|mobile>  ·  coupons list [--page 1] [--limit 50]  ·  coupons void <code>
 * spec: [--goods ML2,ML3] [--from YYYY-MM-DD] [--to YYYY-MM-DD | --valid-days 30] [--per-user 1] [--total <n>]
 *       [--audience public|granted]
 */
import { Code } from '@ac/protocol/codes';
import { CURRENCIES } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY } from '../../lib/time.ts';
import type { CouponSpec } from '../../modules/coupons/coupon-admin.service.ts';
import type { CouponRow } from '../../modules/coupons/coupons.repo.ts';
import type { AdminArgs, AdminCommand, AdminContext } from '../admin-context.ts';
import { int, oneOf, optionalText, positional, text } from '../args.ts';
import { csv, csvAnswer, money, table } from '../output.ts';

/** A day given as YYYY-MM-DD starts at 00:00 UTC (--from) or ends at 24:00 UTC (--to); else a full ISO time. */
function day(value: string, what: string, end: boolean): Date {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(d.getTime())) {
    throw new AppError(Code.invalidParam, `${what} must be a date (YYYY-MM-DD)`);
  }
  return end && value.length === 10 ? addMs(d, DAY) : d;
}

function specOf(args: AdminArgs, now: Date, defaults: { total: number | null; audience: 'public' | 'granted' }) {
  const percent = optionalText(args, 'percent');
  const amount = optionalText(args, 'amount');
  if (!percent === !amount) throw new AppError(Code.invalidParam, 'give either --amount or --percent');
  const from = optionalText(args, 'from');
  const to = optionalText(args, 'to');
  const validFrom = from ? day(from, '--from', false) : now;
  const total = optionalText(args, 'total');
  const spec: CouponSpec = {
    kind: percent ? 'percent' : 'amount',
    amountOff: amount ? int(args, 'amount') : undefined,
    currency: amount ? oneOf(text(args, 'currency'), CURRENCIES, '--currency') : undefined,
    percentOff: percent ? int(args, 'percent') : undefined,
    goodsCodes:
      optionalText(args, 'goods')
        ?.split(',')
        .map((g) => g.trim())
        .filter(Boolean) ?? null,
    validFrom,
    validTo: to ? day(to, '--to', true) : addMs(validFrom, int(args, 'valid-days', 30) * DAY),
    perUserLimit: int(args, 'per-user', 1),
    totalLimit: total === 'none' ? null : total ? int(args, 'total') : defaults.total,
    audience: oneOf(optionalText(args, 'audience') ?? defaults.audience, ['public', 'granted'] as const, '--audience'),
  };
  return spec;
}

async function userIdOf({ services }: AdminContext, account: string): Promise<string> {
  const user = await services.users.findByAccount(account);
  if (!user) throw new AppError(Code.userNotFound, account);
  return user.id;
}

const off = (c: CouponRow) =>
  c.kind === 'amount' ? `${money(c.amountOff ?? 0, c.currency ?? '')} off` : `${c.percentOff}% off`;
const summary = (c: CouponRow) =>
  `${c.code}: ${off(c)}, ${c.goodsCodes?.join(',') ?? 'all goods'}, ${c.validFrom.toISOString()} – ${c.validTo.toISOString()}, ` +
  `${c.perUserLimit} per user, ${c.totalLimit ?? 'no'} total limit, ${c.audience}`;

export const couponsCreate: AdminCommand = async (ctx, args) => {
  const account = optionalText(args, 'user');
  const userId = account ? await userIdOf(ctx, account) : null;
  const spec = specOf(args, ctx.now(), { total: null, audience: userId ? 'granted' : 'public' });
  const coupon = await ctx.services.couponAdmin.create(text(args, 'code'), spec);
  if (userId) await ctx.services.couponAdmin.grant(coupon.code, userId);
  return `${summary(coupon)}${account ? `; granted to ${account}` : ''}`;
};

export const couponsBatch: AdminCommand = async (ctx, args) => {
  const spec = specOf(args, ctx.now(), { total: 1, audience: 'public' });
  const rows = await ctx.services.couponAdmin.batch(int(args, 'count'), spec);
  const file = csv(
    ['code', 'off', 'goods', 'validFrom', 'validTo', 'perUser', 'total'],
    rows.map((c) => [
      c.code,
      off(c),
      c.goodsCodes?.join(' ') ?? 'all',
      c.validFrom.toISOString(),
      c.validTo.toISOString(),
      c.perUserLimit,
      c.totalLimit ?? '',
    ]),
  );
  return csvAnswer(file, optionalText(args, 'out'), rows.length, 'coupons');
};

export const couponsGrant: AdminCommand = async (ctx, args) => {
  const account = text(args, 'user');
  const { coupon, added } = await ctx.services.couponAdmin.grant(
    positional(args, 2, 'the code'),
    await userIdOf(ctx, account),
  );
  return `${coupon.code}: ${added ? 'granted to' : 'already held by'} ${account}`;
};

export const couponsList: AdminCommand = async ({ services }, args) => {
  const pageNo = Math.max(int(args, 'page', 1), 1);
  const limit = Math.min(Math.max(int(args, 'limit', 50), 1), 1000);
  const rows = await services.couponAdmin.list(pageNo, limit);
  const body = table(
    ['code', 'off', 'goods', 'from', 'to', 'per user', 'used', 'total', 'audience', 'grants', 'void'],
    rows.map(({ coupon: c, grants }) => [
      c.code,
      off(c),
      c.goodsCodes?.join(',') ?? 'all',
      c.validFrom.toISOString().slice(0, 16),
      c.validTo.toISOString().slice(0, 16),
      c.perUserLimit,
      c.uses,
      c.totalLimit ?? '-',
      c.audience,
      grants,
      c.voidedAt ? 'void' : '',
    ]),
  );
  return `${body}\n${rows.length} coupons (page ${pageNo})`;
};

export const couponsVoid: AdminCommand = async ({ services }, args) => {
  const c = await services.couponAdmin.void(positional(args, 2, 'the code'));
  return `${c.code}: void (${c.uses} use${c.uses === 1 ? '' : 's'} stand)`;
};
