/**
 * Coupons of a user (docs/product.md#coupons): my coupons by tab, the ones
 * an order may use, and the two steps order creation and cancellation take
 * inside their own transaction: `claim` (the coupon row locked, the rules
 * checked with fresh counts, one use written) and `release`.
 */

import { Code } from '@ac/protocol/codes';
import type { TCouponListRequest, TCouponOffer } from '@ac/protocol/coupons';
import { normalizeCouponCode } from '@ac/protocol/coupons';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CouponTarget, campaignRefusalOf, discountOf, refusalOf, tabOf } from './coupon-rules.ts';
import { toCoupon } from './coupon-view.ts';
import { createCouponsRepo } from './coupons.repo.ts';

type Deps = { db: Db; now?: () => Date };
export type Claim = CouponTarget & { userId: string; code: string; orderNo: string };
export type Claimed = { code: string; discount: number };

export function createCouponsService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createCouponsRepo(tx ?? d.db);

  return {
    /** My coupons in one tab: unused soonest to end first, the others latest first. */
    async list(userId: string, p: TCouponListRequest) {
      const at = now();
      const held = await repo().heldBy(userId);
      const inTab = held.filter((h) => tabOf(h.coupon, h.liveUses, at) === p.tab);
      if (p.tab === 'unused') inTab.reverse();
      const start = (p.pageNo - 1) * p.pageSize;
      const rows = inTab.slice(start, start + p.pageSize).map((h) => toCoupon(h, p.tab));
      return { rows, total: inTab.length, pageNo: p.pageNo, pageSize: p.pageSize };
    },

    /**
     * The coupons granted to me that `target` may use now, largest discount first, with `held` (the
     * coupon the order holds already, granted or typed), whose own use does not count against it.
     */
    async offers(userId: string, target: CouponTarget, held: string | null): Promise<TCouponOffer[]> {
      const at = now();
      const all = await repo().heldBy(userId);
      const campaignIds = [...new Set(all.flatMap((h) => (h.coupon.campaignId ? [h.coupon.campaignId] : [])))];
      const [campaigns, standings] = await Promise.all([
        repo().campaignsByIds(campaignIds),
        repo().campaignStandings(campaignIds, userId),
      ]);
      const heldCampaign = all.find((h) => h.coupon.code === held)?.coupon.campaignId ?? null;
      const offers: TCouponOffer[] = [];
      for (const h of all) {
        const mine = h.coupon.code === held;
        if (!h.granted && !mine) continue;
        const c = mine ? { ...h.coupon, uses: h.coupon.uses - 1 } : h.coupon;
        const standing = { granted: h.granted, liveUses: h.liveUses - (mine ? 1 : 0) };
        if (refusalOf(c, standing, target, at)) continue;
        const campaign = campaigns.find((x) => x.id === c.campaignId);
        if (campaign) {
          // the order's own use of a coupon of this campaign does not count against it
          const own = heldCampaign === campaign.id ? 1 : 0;
          const s = standings.get(campaign.id) ?? { liveUses: 0, userLiveUses: 0 };
          const st = { liveUses: s.liveUses - own, userLiveUses: s.userLiveUses - own };
          if (campaignRefusalOf(campaign, st, target)) continue;
        }
        const discount = discountOf(c, target);
        const money = (amount: number) => ({ amount, currency: target.currency });
        offers.push({
          ...toCoupon({ ...h, liveUses: standing.liveUses }, 'unused'),
          discount: money(discount),
          dueAmount: money(target.amount - discount),
        });
      }
      return offers.sort((a, b) => b.discount.amount - a.discount.amount || a.code.localeCompare(b.code));
    },

    /** Uses the coupon for the order inside `tx`, or refuses with the rule's catalogue code. */
    async claim(req: Claim, tx: DbOrTx): Promise<Claimed> {
      const r = repo(tx);
      const coupon = await r.lockByCode(normalizeCouponCode(req.code));
      if (!coupon) throw new AppError(Code.couponInvalid);
      const standing = await r.holderOf(coupon.id, req.userId);
      const refusal = refusalOf(coupon, standing, req, now());
      if (refusal) throw new AppError(refusal);
      if (coupon.campaignId) {
        // after the coupon's lock: every claim of any coupon of the campaign queues on its row
        const campaign = await r.lockCampaign(coupon.campaignId);
        const counts = (await r.campaignStandings([coupon.campaignId], req.userId)).get(coupon.campaignId)!;
        const byCampaign = campaign ? campaignRefusalOf(campaign, counts, req) : Code.couponInvalid;
        if (byCampaign) throw new AppError(byCampaign);
      }
      const discount = discountOf(coupon, req);
      await r.insertUse({
        couponId: coupon.id,
        campaignId: coupon.campaignId,
        userId: req.userId,
        orderNo: req.orderNo,
        discount,
        currency: req.currency,
        createdAt: now(),
      });
      return { code: coupon.code, discount };
    },

    /** Releases the coupons the orders hold (cancelled or expired unpaid); answers the orders that held one. */
    release: (orderNos: string[], tx: DbOrTx) => repo(tx).releaseUses(orderNos, now()),
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
