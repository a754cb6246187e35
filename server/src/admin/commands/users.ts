/** users list [--page 1] [--limit 50] */
import type { AdminCommand } from '../admin-context.ts';
import { int } from '../args.ts';
import { table } from '../output.ts';

export const usersList: AdminCommand = async ({ commerce }, args) => {
  const pageNo = Math.max(int(args, 'page', 1), 1);
  const limit = Math.min(Math.max(int(args, 'limit', 50), 1), 1000);
  const { rows, total } = await commerce.adminUsers.listUsers({ offset: (pageNo - 1) * limit, limit });
  const withVip = await Promise.all(rows.map(async (u) => ({ u, vip: await commerce.memberships.currentVip(u.id) })));
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
