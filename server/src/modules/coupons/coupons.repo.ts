import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { couponCampaigns, couponGrants, coupons, couponUses } from '../../db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type CampaignRow = typeof couponCampaigns.$inferSelect;
/** How the order's user and everyone stand with a campaign: live uses of any of its coupons. */
export type CampaignStanding = { liveUses: number; userLiveUses: number };
export type NewCoupon = typeof coupons.$inferInsert;
/** A coupon with how one user stands with it. */
export type HeldCoupon = { coupon: CouponRow; granted: boolean; liveUses: number; lastOrderNo: string | null };

export function createCouponsRepo(db: DbOrTx) {
  // Written out: drizzle leaves column names unqualified in a one-table select, and "id" would
  // then name the subquery's own column.
  const grantedTo = (userId: string) =>
    sql`exists(select 1 from coupon_grants g where g.coupon_id = coupons.id and g.user_id = ${userId})`;
  const usedBy = (userId: string) =>
    sql`exists(select 1 from coupon_uses u where u.coupon_id = coupons.id and u.user_id = ${userId})`;
  const held = (userId: string) => ({
    coupon: coupons,
    granted: grantedTo(userId).mapWith(Boolean),
    liveUses: sql<number>`(select count(*) from coupon_uses u where u.coupon_id = coupons.id
      and u.user_id = ${userId} and u.released_at is null)`.mapWith(Number),
    lastOrderNo: sql<string | null>`(select u.order_no from coupon_uses u where u.coupon_id = coupons.id
      and u.user_id = ${userId} order by u.created_at desc limit 1)`,
  });

  return {
    async findByCode(code: string) {
      const rows = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
      return rows[0] ?? null;
    },
    /** The coupon row locked until the transaction ends: every use and release of it queues here. */
    async lockByCode(code: string) {
      const rows = await db.select().from(coupons).where(eq(coupons.code, code)).for('update');
      return rows[0] ?? null;
    },
    /** A coupon with how `userId` stands with it (for the claim, after the lock). */
    async holderOf(couponId: string, userId: string): Promise<Omit<HeldCoupon, 'coupon'>> {
      const rows = await db.select(held(userId)).from(coupons).where(eq(coupons.id, couponId));
      const r = rows[0];
      return { granted: r?.granted ?? false, liveUses: r?.liveUses ?? 0, lastOrderNo: r?.lastOrderNo ?? null };
    },
    /** Coupons granted to the user or used by them, with their standing. */
    async heldBy(userId: string): Promise<HeldCoupon[]> {
      const where = or(grantedTo(userId), usedBy(userId));
      return db.select(held(userId)).from(coupons).where(where).orderBy(desc(coupons.validTo), coupons.code);
    },
    /** The campaign row locked until the transaction ends: every claim of any of its coupons queues here. */
    async lockCampaign(id: string): Promise<CampaignRow | null> {
      const rows = await db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).for('update');
      return rows[0] ?? null;
    },
    /** Live uses of the campaigns' coupons, in all and by `userId`. */
    async campaignStandings(ids: string[], userId: string): Promise<Map<string, CampaignStanding>> {
      const out = new Map<string, CampaignStanding>();
      if (ids.length === 0) return out;
      const rows = await db
        .select({
          campaignId: couponUses.campaignId,
          liveUses: sql<number>`count(*)`.mapWith(Number),
          userLiveUses: sql<number>`count(*) filter (where ${couponUses.userId} = ${userId})`.mapWith(Number),
        })
        .from(couponUses)
        .where(and(inArray(couponUses.campaignId, ids), isNull(couponUses.releasedAt)))
        .groupBy(couponUses.campaignId);
      for (const id of ids) out.set(id, { liveUses: 0, userLiveUses: 0 });
      for (const r of rows)
        if (r.campaignId) out.set(r.campaignId, { liveUses: r.liveUses, userLiveUses: r.userLiveUses });
      return out;
    },
    async campaignsByIds(ids: string[]): Promise<CampaignRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(couponCampaigns).where(inArray(couponCampaigns.id, ids));
    },
    async insertUse(row: typeof couponUses.$inferInsert) {
      await db.insert(couponUses).values(row);
      await db
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(eq(coupons.id, row.couponId));
    },
    /** Releases the live uses of the orders; answers the orders whose use was released. */
    async releaseUses(orderNos: string[], at: Date): Promise<string[]> {
      if (orderNos.length === 0) return [];
      const released = await db
        .update(couponUses)
        .set({ releasedAt: at })
        .where(and(inArray(couponUses.orderNo, orderNos), isNull(couponUses.releasedAt)))
        .returning({ couponId: couponUses.couponId, orderNo: couponUses.orderNo });
      for (const r of released) {
        await db
          .update(coupons)
          .set({ uses: sql`${coupons.uses} - 1` })
          .where(eq(coupons.id, r.couponId));
      }
      return released.map((r) => r.orderNo);
    },
    async insertCoupons(rows: NewCoupon[]) {
      if (rows.length === 0) return [];
      return db.insert(coupons).values(rows).returning();
    },
    /** Grants the coupon to the user; false when they held it already. */
    async grant(couponId: string, userId: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(couponGrants)
        .values({ couponId, userId, grantedAt: at })
        .onConflictDoNothing()
        .returning({ userId: couponGrants.userId });
      return rows.length > 0;
    },
    async voidCoupon(code: string, at: Date) {
      const rows = await db
        .update(coupons)
        .set({ voidedAt: sql`coalesce(${coupons.voidedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(coupons.code, code))
        .returning();
      return rows[0] ?? null;
    },
    /** Every coupon, newest first, with its number of grants (admin). */
    async listAll(offset: number, limit: number) {
      return db
        .select({
          coupon: coupons,
          grants: sql<number>`(select count(*) from coupon_grants g where g.coupon_id = coupons.id)`.mapWith(Number),
        })
        .from(coupons)
        .orderBy(desc(coupons.createdAt), coupons.code)
        .offset(offset)
        .limit(limit);
    },
  };
}
export type CouponsRepo = ReturnType<typeof createCouponsRepo>;
