/**
 * Coupon campaigns (docs/product.md#coupon-campaigns, docs/decisions/0049-coupon-campaigns.md):
 * staff set the rules once; the campaign's coupons copy its coupon rules (kind, amount, goods,
 * validity, per-user limit) and the claim checks the campaign's own (currency, minimum charge,
 * limits over all its coupons) under the campaign's row lock. Members receive the campaign's
 * one granted coupon, or type one of its public codes. Each change takes the caller's `within`
 * hook in its transaction (the console writes its staff audit row there).
 */

import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TCouponKind } from '@ac/protocol/coupons';
import { regionSettings, type TRegion } from '@ac/protocol/enums';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { couponCampaigns, couponGrants, coupons, couponUses, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { ProductsService } from '../products/products.service.ts';
import { randomCouponCode } from './coupon-admin.service.ts';
import type { CampaignRow, CouponRow } from './coupons.repo.ts';

export type CampaignSpec = {
  name: string;
  region: TRegion;
  kind: TCouponKind;
  amountOff: number | null;
  percentOff: number | null;
  goodsCodes: string[];
  validFrom: Date;
  validTo: Date;
  perUserLimit: number;
  totalLimit: number | null;
  minCharge: number;
};
/** A campaign with its counts: members issued, live uses, public codes. */
export type CampaignWithCounts = { campaign: CampaignRow; issued: number; redeemed: number; publicCodes: number };
type Within = (tx: Tx, campaign: CampaignRow) => Promise<void>;

type Deps = { db: Db; products: Pick<ProductsService, 'findGoods'>; now?: () => Date };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 200;
const INSERT_CHUNK = 500;

const counts = {
  issued: sql<number>`(select count(*) from coupon_grants g join coupons c on c.id = g.coupon_id
    where c.campaign_id = coupon_campaigns.id)`.mapWith(Number),
  redeemed: sql<number>`(select count(*) from coupon_uses u
    where u.campaign_id = coupon_campaigns.id and u.released_at is null)`.mapWith(Number),
  publicCodes: sql<number>`(select count(*) from coupons c
    where c.campaign_id = coupon_campaigns.id and c.audience = 'public')`.mapWith(Number),
};

export function createCouponCampaigns(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function withCounts(id: string, db: DbOrTx = d.db): Promise<CampaignWithCounts> {
    const rows = await db
      .select({ campaign: couponCampaigns, ...counts })
      .from(couponCampaigns)
      .where(eq(couponCampaigns.id, id));
    if (!rows[0]) throw new AppError(Code.couponCampaignNotFound);
    return rows[0];
  }

  /** The campaign locked for a change; refused when it ended (by staff or past its end). */
  async function lockOpen(tx: Tx, id: string): Promise<CampaignRow> {
    const rows = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).for('update');
    const c = rows[0];
    if (!c) throw new AppError(Code.couponCampaignNotFound);
    if (c.endedAt || now() >= c.validTo) throw new AppError(Code.couponCampaignEnded);
    return c;
  }

  /** The coupon columns a campaign's coupons copy. */
  const couponColumns = (c: CampaignRow) => ({
    kind: c.kind,
    amountOff: c.amountOff,
    percentOff: c.percentOff,
    currency: c.currency,
    goodsCodes: c.goodsCodes,
    validFrom: c.validFrom,
    validTo: c.validTo,
    perUserLimit: c.perUserLimit,
    // the total counts over the campaign, under its lock
    totalLimit: null,
    campaignId: c.id,
    createdAt: now(),
  });

  /** Members by account id, e-mail or mobile in any spelling; the entries that name no member. */
  async function resolve(entries: string[]) {
    const keyOf = (e: string) => {
      const text = e.trim();
      if (UUID_RE.test(text)) return { kind: 'id' as const, value: text.toLowerCase() };
      if (text.includes('@')) return { kind: 'email' as const, value: text.toLowerCase() };
      const mobile = normalizeMobile(text);
      return mobile ? { kind: 'mobile' as const, value: mobile } : null;
    };
    const keys = entries.map((e) => ({ entry: e, key: keyOf(e) }));
    const of = (k: 'id' | 'email' | 'mobile') => keys.flatMap((x) => (x.key?.kind === k ? [x.key.value] : []));
    const [ids, emails, mobiles] = [of('id'), of('email'), of('mobile')];
    const conditions = [
      ...(ids.length ? [inArray(users.id, ids)] : []),
      ...(emails.length ? [inArray(sql`lower(${users.email})`, emails)] : []),
      ...(mobiles.length ? [inArray(users.mobile, mobiles)] : []),
    ];
    const found = conditions.length
      ? await d.db
          .select({ id: users.id, email: users.email, mobile: users.mobile })
          .from(users)
          .where(and(isNull(users.deletedAt), or(...conditions)))
      : [];
    const userIds = new Set<string>();
    const unknown: string[] = [];
    for (const { entry, key } of keys) {
      const u = key
        ? found.find((f) =>
            key.kind === 'id'
              ? f.id === key.value
              : key.kind === 'email'
                ? f.email?.toLowerCase() === key.value
                : f.mobile === key.value,
          )
        : undefined;
      if (u) userIds.add(u.id);
      else unknown.push(entry);
    }
    return { userIds: [...userIds], unknown };
  }

  return {
    /** Checks the rules and writes the campaign; `within` runs in its transaction. */
    async create(spec: CampaignSpec, createdBy: string, within: Within): Promise<CampaignWithCounts> {
      if (spec.validTo <= now()) throw new AppError(Code.invalidParam, 'the validity must end in the future');
      for (const g of spec.goodsCodes) {
        if (!(await d.products.findGoods(g))) throw new AppError(Code.goodsNotFound, g);
      }
      const currency = regionSettings[spec.region].currency;
      const id = await d.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(couponCampaigns)
          .values({
            name: spec.name,
            region: spec.region,
            kind: spec.kind,
            amountOff: spec.kind === 'amount' ? spec.amountOff : null,
            percentOff: spec.kind === 'percent' ? spec.percentOff : null,
            currency,
            goodsCodes: spec.goodsCodes.length ? spec.goodsCodes : null,
            validFrom: spec.validFrom,
            validTo: spec.validTo,
            perUserLimit: spec.perUserLimit,
            totalLimit: spec.totalLimit,
            minCharge: spec.minCharge,
            createdBy,
            createdAt: now(),
          })
          .returning();
        await within(tx, row!);
        return row!.id;
      });
      return withCounts(id);
    },

    /** Newest first, with their counts. */
    async list(offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        d.db
          .select({ campaign: couponCampaigns, ...counts })
          .from(couponCampaigns)
          .orderBy(desc(couponCampaigns.createdAt), couponCampaigns.id)
          .offset(offset)
          .limit(limit),
        d.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(couponCampaigns),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },

    /** The campaign, its coupons, the latest members it was issued to and its latest uses. */
    async detail(id: string) {
      const head = await withCounts(id);
      const ofCampaign = await d.db.select().from(coupons).where(eq(coupons.campaignId, id)).orderBy(coupons.createdAt);
      const [recipients, uses] = await Promise.all([
        d.db
          .select({ userId: couponGrants.userId, email: users.email, mobile: users.mobile, at: couponGrants.grantedAt })
          .from(couponGrants)
          .innerJoin(coupons, eq(coupons.id, couponGrants.couponId))
          .innerJoin(users, eq(users.id, couponGrants.userId))
          .where(eq(coupons.campaignId, id))
          .orderBy(desc(couponGrants.grantedAt))
          .limit(LIST_LIMIT),
        d.db
          .select({ use: couponUses, code: coupons.code, email: users.email })
          .from(couponUses)
          .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
          .leftJoin(users, eq(users.id, couponUses.userId))
          .where(eq(couponUses.campaignId, id))
          .orderBy(desc(couponUses.createdAt))
          .limit(LIST_LIMIT),
      ]);
      return {
        ...head,
        granted: ofCampaign.find((c) => c.audience === 'granted') ?? null,
        publicCodes: ofCampaign.filter((c) => c.audience === 'public').slice(-LIST_LIMIT),
        recipients,
        uses,
      };
    },

    /**
     * Grants the campaign's coupon (created at its first issue) to the members named; all or none:
     * an entry that names no member refuses the list (2500052, naming them).
     */
    async issue(id: string, entries: string[], within: (tx: Tx, c: CampaignRow, added: string[]) => Promise<void>) {
      const { userIds, unknown } = await resolve(entries);
      if (unknown.length) throw new AppError(Code.couponRecipientsUnknown, unknown.slice(0, 20).join(', '));
      const added = await d.db.transaction(async (tx) => {
        const campaign = await lockOpen(tx, id);
        const existing = await tx
          .select()
          .from(coupons)
          .where(and(eq(coupons.campaignId, id), eq(coupons.audience, 'granted')))
          .limit(1);
        const coupon: CouponRow =
          existing[0] ??
          (
            await tx
              .insert(coupons)
              .values({ ...couponColumns(campaign), code: randomCouponCode(), audience: 'granted' })
              .returning()
          )[0]!;
        const inserted: string[] = [];
        for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
          const rows = await tx
            .insert(couponGrants)
            .values(
              userIds.slice(i, i + INSERT_CHUNK).map((userId) => ({ couponId: coupon.id, userId, grantedAt: now() })),
            )
            .onConflictDoNothing()
            .returning({ userId: couponGrants.userId });
          inserted.push(...rows.map((r) => r.userId));
        }
        await within(tx, campaign, inserted);
        return inserted.length;
      });
      return { ...(await withCounts(id)), added, already: userIds.length - added };
    },

    /** Adds public codes: the one given, or `count` random ones. */
    async addCodes(
      id: string,
      p: { code?: string; count?: number },
      within: (tx: Tx, c: CampaignRow, codes: string[]) => Promise<void>,
    ) {
      const wanted = new Set<string>(p.code ? [p.code] : []);
      while (!p.code && wanted.size < (p.count ?? 1)) wanted.add(randomCouponCode());
      const codes = [...wanted];
      try {
        await d.db.transaction(async (tx) => {
          const campaign = await lockOpen(tx, id);
          for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
            const chunk = codes.slice(i, i + INSERT_CHUNK);
            await tx
              .insert(coupons)
              .values(chunk.map((code) => ({ ...couponColumns(campaign), code, audience: 'public' as const })));
          }
          await within(tx, campaign, codes);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError(Code.couponCodeTaken, p.code);
        throw e;
      }
      return { ...(await withCounts(id)), codes };
    },

    /** Ends the campaign: its coupons are void from now; uses already made stand. */
    async end(id: string, endedBy: string, within: Within) {
      await d.db.transaction(async (tx) => {
        const rows = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).for('update');
        const c = rows[0];
        if (!c) throw new AppError(Code.couponCampaignNotFound);
        if (c.endedAt) throw new AppError(Code.couponCampaignEnded);
        const at = now();
        const [ended] = await tx
          .update(couponCampaigns)
          .set({ endedAt: at, endedBy })
          .where(eq(couponCampaigns.id, id))
          .returning();
        await tx
          .update(coupons)
          .set({ voidedAt: at })
          .where(and(eq(coupons.campaignId, id), isNull(coupons.voidedAt)));
        await within(tx, ended!);
      });
      return withCounts(id);
    },
  };
}
export type CouponCampaigns = ReturnType<typeof createCouponCampaigns>;
