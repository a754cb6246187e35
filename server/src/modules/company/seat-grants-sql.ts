/**
 * The company seats that grant now, as SQL to join into a larger query
 * (memberships/best-membership.ts): a seat grants its goods from its
 * assignment while its company is active, not frozen and not ended
 * (docs/product.md#enterprise).
 */
import { type SQL, sql } from 'drizzle-orm';

/** `select goods_code, start_time, end_time` of the seats of `userId` that grant at `now` (both SQL values). */
export function liveSeatGrantsSql(userId: SQL, now: SQL): SQL {
  return sql`select a.goods_code, a.assigned_at as start_time, c.end_time
    from company_seat_assignments a join companies c on c.id = a.company_id
    where a.user_id = ${userId} and c.status = 'active' and c.freeze_status = 'normal'
      and c.end_time > ${now} and a.assigned_at <= ${now}`;
}
