/** users list [--page 1] [--limit 50] */
import type { AdminCommand } from '../admin-context.ts';
import { int } from '../args.ts';
import { table } from '../output.ts';

export const usersList: AdminCommand = async ({ services }, args) => {
  const pageNo = Math.max(int(args, 'page', 1), 1);
  const limit = Math.min(Math.max(int(args, 'limit', 50), 1), 1000);
  const { rows, total } = await services.users.list({ offset: (pageNo - 1) * limit, limit });
  const withVip = await Promise.all(rows.map(async (u) => ({ u, vip: await services.memberships.currentVip(u.id) })));
  const body = table(
    ['email', 'mobile', 'name', 'activated', 'registered', 'membership', 'until'],
    withVip.map(({ u, vip }) => [
      u.email,
      u.mobile,
      u.name,
      u.isActivate ? 'yes' : 'no',
      u.registerDate.toISOString().slice(0, 10),
      vip?.goodsCode,
      vip?.endTime.slice(0, 10),
    ]),
  );
  return `${body}\n${rows.length} of ${total} users (page ${pageNo})`;
};
