/**
 * The redeem-code offers of the catalogue (docs/decisions/0027-buying-redeem-codes.md), for the
 * admin command line: every offer, on sale or not; adding one or changing its prices, quantity
 * range and buyers (the same goods code and days: one offer); taking one off sale and back.
 */
import { Code } from '@ac/protocol/codes';
import type { TCurrency, TRedeemBuyers } from '@ac/protocol/enums';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { goods, redeemOffers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';

export type RedeemOfferRow = typeof redeemOffers.$inferSelect;
export type RedeemOfferInput = {
  goodsCode: string;
  durationDays: number;
  priceUsd: number;
  priceCny: number;
  minQuantity: number;
  maxQuantity: number;
  buyers: TRedeemBuyers;
};

/** The most codes one order may buy (an order's codes are issued in its payment's transaction). */
export const MAX_OFFER_QUANTITY = 10_000;

function check(o: RedeemOfferInput) {
  const whole = (n: number) => Number.isSafeInteger(n);
  // redeem/buy takes 1 to 3650 days (ZRedeemBuyRequest): an offer outside could never be bought
  if (!whole(o.durationDays) || o.durationDays < 1 || o.durationDays > 3650)
    throw new AppError(Code.invalidParam, '--days must be 1 to 3650');
  if (!whole(o.priceUsd) || o.priceUsd < 0 || !whole(o.priceCny) || o.priceCny < 0)
    throw new AppError(Code.invalidParam, 'prices are minor units, not negative');
  if (!whole(o.minQuantity) || !whole(o.maxQuantity) || o.minQuantity < 1 || o.maxQuantity < o.minQuantity)
    throw new AppError(Code.invalidParam, 'the quantity range must be 1 ≤ --min ≤ --max');
  if (o.maxQuantity > MAX_OFFER_QUANTITY)
    throw new AppError(Code.invalidParam, `--max must be at most ${MAX_OFFER_QUANTITY}`);
}

export function createRedeemOfferAdmin(d: { db: Db; audit: AuditService }) {
  const key = (goodsCode: string, durationDays: number) =>
    and(eq(redeemOffers.goodsCode, goodsCode), eq(redeemOffers.durationDays, durationDays));
  return {
    /** Every offer with its goods' name, on sale or not. */
    list() {
      return d.db
        .select({ offer: redeemOffers, goodsName: goods.name })
        .from(redeemOffers)
        .innerJoin(goods, eq(goods.code, redeemOffers.goodsCode))
        .orderBy(asc(redeemOffers.goodsCode), asc(redeemOffers.durationDays));
    },
    /** Adds the offer, or changes the one of the same goods and days; either way it is on sale. */
    async put(o: RedeemOfferInput): Promise<RedeemOfferRow> {
      check(o);
      return d.db.transaction(async (tx) => {
        const [g] = await tx.select({ code: goods.code }).from(goods).where(eq(goods.code, o.goodsCode));
        if (!g) throw new AppError(Code.goodsNotFound, o.goodsCode);
        const row = { ...o, active: 1 };
        const [saved] = await tx
          .insert(redeemOffers)
          .values(row)
          .onConflictDoUpdate({ target: [redeemOffers.goodsCode, redeemOffers.durationDays], set: row })
          .returning();
        await d.audit.record({ event: 'redeem.offerSaved', detail: { ...o } }, tx);
        return saved!;
      });
    },
    /** One offer locked until the end of `tx`, or null. */
    async lock(goodsCode: string, durationDays: number, tx: DbOrTx): Promise<RedeemOfferRow | null> {
      const [row] = await tx.select().from(redeemOffers).where(key(goodsCode, durationDays)).for('update');
      return row ?? null;
    },
    /** The price of one code in one currency (minor units, not negative); 2000001 when there is no such offer. */
    async setPrice(
      goodsCode: string,
      durationDays: number,
      currency: TCurrency,
      amount: number,
      outer?: DbOrTx,
    ): Promise<RedeemOfferRow> {
      if (!Number.isSafeInteger(amount) || amount < 0) throw new AppError(Code.invalidParam, 'amount');
      return (outer ?? d.db).transaction(async (tx) => {
        const [row] = await tx
          .update(redeemOffers)
          .set(currency === 'USD' ? { priceUsd: amount } : { priceCny: amount })
          .where(key(goodsCode, durationDays))
          .returning();
        if (!row) throw new AppError(Code.goodsNotFound, `no offer of ${goodsCode} for ${durationDays} days`);
        await d.audit.record({ event: 'redeem.offerPrice', detail: { goodsCode, durationDays, currency, amount } }, tx);
        return row;
      });
    },
    /** Puts an offer on sale or takes it off; 2000001 when there is no such offer. */
    async setActive(goodsCode: string, durationDays: number, active: boolean, outer?: DbOrTx): Promise<RedeemOfferRow> {
      return (outer ?? d.db).transaction(async (tx) => {
        const [row] = await tx
          .update(redeemOffers)
          .set({ active: active ? 1 : 0 })
          .where(key(goodsCode, durationDays))
          .returning();
        if (!row) throw new AppError(Code.goodsNotFound, `no offer of ${goodsCode} for ${durationDays} days`);
        await d.audit.record({ event: 'redeem.offerActive', detail: { goodsCode, durationDays, active } }, tx);
        return row;
      });
    },
  };
}
export type RedeemOfferAdmin = ReturnType<typeof createRedeemOfferAdmin>;
