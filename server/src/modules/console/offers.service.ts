/**
 * Offers and prices from the console (admin, docs/operations.md#offers-and-prices): the plans of
 * the purchase page (goods) and the redeem-code offers, priced in the region's currency. Each
 * change goes through the services the command line uses (`goods set-price`, `offers disable`…),
 * in one transaction with its staff audit row (the price or state before and after).
 */
import { Code } from '@ac/protocol/codes';
import type { TConsoleOffer, TOfferKind } from '@ac/protocol/console/admin-shapes';
import type { TCurrency } from '@ac/protocol/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GoodsRow } from '../products/products.repo.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { RedeemOfferAdmin, RedeemOfferRow } from '../redeem/redeem-offer-admin.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';

type Deps = {
  db: Db;
  currency: TCurrency;
  products: Pick<ProductsService, 'listAll' | 'lockGoods' | 'setPrice' | 'setActive'>;
  redeemOffers: Pick<RedeemOfferAdmin, 'list' | 'lock' | 'setPrice' | 'setActive'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
};

type Ref = { kind: TOfferKind; goodsCode: string; durationDays: number };

const priceOf = (row: { priceUsd: number; priceCny: number }, currency: TCurrency) =>
  currency === 'USD' ? row.priceUsd : row.priceCny;

export function createOffersConsole(d: Deps) {
  const { currency } = d;
  const planOf = (g: GoodsRow): TConsoleOffer => ({
    kind: 'plan',
    goodsCode: g.code,
    name: g.name,
    durationDays: g.durationDays,
    price: { amount: priceOf(g, currency), currency },
    active: g.active === 1,
    minQuantity: null,
    maxQuantity: null,
    buyers: null,
  });
  const codeOfferOf = (o: RedeemOfferRow, name: string): TConsoleOffer => ({
    kind: 'redeemCode',
    goodsCode: o.goodsCode,
    name,
    durationDays: o.durationDays,
    price: { amount: priceOf(o, currency), currency },
    active: o.active === 1,
    minQuantity: o.minQuantity,
    maxQuantity: o.maxQuantity,
    buyers: o.buyers as TConsoleOffer['buyers'],
  });
  const targetId = (r: Ref) => `${r.kind}:${r.goodsCode}:${r.durationDays}`;

  /** The offer locked in `tx`, or 2500060 (a plan's days must be its goods' days). */
  async function lock(r: Ref, tx: DbOrTx): Promise<TConsoleOffer> {
    if (r.kind === 'plan') {
      const g = await d.products.lockGoods(r.goodsCode, tx);
      if (!g || g.durationDays !== r.durationDays) throw new AppError(Code.consoleOfferNotFound);
      return planOf(g);
    }
    const o = await d.redeemOffers.lock(r.goodsCode, r.durationDays, tx);
    if (!o) throw new AppError(Code.consoleOfferNotFound);
    return codeOfferOf(o, (await d.products.lockGoods(r.goodsCode, tx))?.name ?? r.goodsCode);
  }

  return {
    /** Every offer, plans first, then redeem codes, each by goods code and days. */
    async list(p: { kind?: TOfferKind; pageNo: number; pageSize: number }) {
      const [plans, codeOffers] = await Promise.all([
        p.kind === 'redeemCode' ? [] : d.products.listAll(),
        p.kind === 'plan' ? [] : d.redeemOffers.list(),
      ]);
      const all = [
        ...[...plans].sort((a, b) => a.code.localeCompare(b.code)).map(planOf),
        ...codeOffers.map((o) => codeOfferOf(o.offer, o.goodsName)),
      ];
      const start = (p.pageNo - 1) * p.pageSize;
      return {
        currency,
        rows: all.slice(start, start + p.pageSize),
        total: all.length,
        pageNo: p.pageNo,
        pageSize: p.pageSize,
      };
    },

    async setPrice(actor: StaffActor, p: Ref & { currency: TCurrency; amount: number; reason: string }) {
      if (p.currency !== currency)
        throw new AppError(Code.consoleOfferCurrencyNotRegion, `prices here are in ${currency}`);
      return d.db.transaction(async (tx) => {
        const before = await lock(p, tx);
        if (p.kind === 'plan') await d.products.setPrice(p.goodsCode, currency, p.amount, tx);
        else await d.redeemOffers.setPrice(p.goodsCode, p.durationDays, currency, p.amount, tx);
        const after = await lock(p, tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'offer.setPrice',
            targetType: 'offer',
            targetId: targetId(p),
            reason: p.reason,
            before: { price: before.price },
            after: { price: after.price },
          },
          tx,
        );
        return { offer: after };
      });
    },

    async setActive(actor: StaffActor, p: Ref & { reason: string }, active: boolean) {
      return d.db.transaction(async (tx) => {
        const before = await lock(p, tx);
        if (p.kind === 'plan') await d.products.setActive(p.goodsCode, active, tx);
        else await d.redeemOffers.setActive(p.goodsCode, p.durationDays, active, tx);
        const after = await lock(p, tx);
        await d.staffAudit.record(
          actor,
          {
            action: active ? 'offer.enable' : 'offer.disable',
            targetType: 'offer',
            targetId: targetId(p),
            reason: p.reason,
            before: { active: before.active },
            after: { active: after.active },
          },
          tx,
        );
        return { offer: after };
      });
    },
  };
}
export type OffersConsole = ReturnType<typeof createOffersConsole>;
