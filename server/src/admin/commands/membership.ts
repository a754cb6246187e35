/** membership grant --user <email> --goods ML2 --days 30 · membership revoke --user <email> --goods ML2 */
import { Code } from '@ac/protocol/codes';
import { AppError } from '../../lib/app-error.ts';
import type { AdminCommand, AdminContext } from '../admin-context.ts';
import { int, text } from '../args.ts';

async function userId({ services }: AdminContext, account: string) {
  const user = await services.users.findByAccount(account);
  if (!user) throw new AppError(Code.userNotFound, account);
  return user.id;
}

export const membershipGrant: AdminCommand = async (ctx, args) => {
  const account = text(args, 'user');
  const row = await ctx.services.membershipAdmin.grant(
    await userId(ctx, account),
    text(args, 'goods'),
    int(args, 'days'),
  );
  return `${account}: ${row.goodsCode} ${row.startTime.toISOString()} → ${row.endTime.toISOString()}`;
};

export const membershipRevoke: AdminCommand = async (ctx, args) => {
  const account = text(args, 'user');
  const goods = text(args, 'goods');
  const changed = await ctx.services.membershipAdmin.revoke(await userId(ctx, account), goods);
  return `${account}: ${goods} ended (${changed} membership period${changed === 1 ? '' : 's'} changed)`;
};
