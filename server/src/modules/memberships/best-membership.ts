/**
 * The one rule for a user's current membership (the VIP every answer shows)
 * and the storage their grants add, as SQL: the session snapshot joins it
 * into its single query (session/session-snapshots.ts) and `currentVip` /
 * `vipAndStorage` run it alone, so both always agree.
 *
 * The current membership is the best live grant — an own membership that
 * has started and not ended, or a company seat that grants now — preferring
 * the viewer family, then the highest level, then the latest end. The
 * storage counts the memberships not yet ended (a stacked one included) and
 * the live seats. A storage package (product type `cloudStorage`) only adds storage: it is never
 * the current membership.
 */
import { STORAGE_ONLY_PRODUCT_TYPES, type TAccountType } from '@ac/protocol/enums';
import type { TVipInfo } from '@ac/protocol/session';
import { type SQL, sql } from 'drizzle-orm';
import { liveSeatGrantsSql } from '../company/seat-grants-sql.ts';

/** Product types a current VIP is preferably chosen from. */
export const VIEWER_FAMILY = new Set(['viewer', 'mobileViewer']);

/** What bestGrantSql selects (a JSON object, or null without a live grant). */
export type BestGrant = { goodsCode: string; name: string; accountType: string; startTime: string; endTime: string };

const viewerTypes = () =>
  sql.join(
    [...VIEWER_FAMILY].map((t) => sql`${t}`),
    sql`, `,
  );

const storageOnlyTypes = () =>
  sql.join(
    STORAGE_ONLY_PRODUCT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );

/** The best live grant of `userId` at `now` (SQL values: a column or a parameter), as JSON. */
export function bestGrantSql(userId: SQL, now: SQL): SQL<BestGrant | null> {
  return sql<BestGrant | null>`(
    select json_build_object('goodsCode', m.goods_code, 'name', g.name, 'accountType', g.account_type,
                             'startTime', m.start_time, 'endTime', m.end_time)
    from (
      select goods_code, start_time, end_time from memberships
      where user_id = ${userId} and end_time > ${now} and start_time <= ${now}
      union all
      ${liveSeatGrantsSql(userId, now)}
    ) m join goods g on g.code = m.goods_code
    where g.product_type not in (${storageOnlyTypes()})
    order by (g.product_type in (${viewerTypes()})) desc, g.level desc, m.end_time desc
    limit 1)`;
}

/** GiB the memberships of `userId` not yet ended and the seats that grant at `now` add. */
export function grantedStorageGbSql(userId: SQL, now: SQL): SQL<number> {
  return sql<number>`(
    select coalesce(sum(g.storage_gb), 0)::int
    from (
      select goods_code from memberships where user_id = ${userId} and end_time > ${now}
      union all
      select s.goods_code from (${liveSeatGrantsSql(userId, now)}) s
    ) m join goods g on g.code = m.goods_code)`;
}

/** The answer's vipInfo from bestGrantSql's JSON. */
export function toVipInfo(v: BestGrant | null): TVipInfo | null {
  return v
    ? {
        goodsCode: v.goodsCode,
        name: v.name,
        accountType: v.accountType as TAccountType,
        startTime: new Date(v.startTime).toISOString(),
        endTime: new Date(v.endTime).toISOString(),
      }
    : null;
}
