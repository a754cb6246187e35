/**
 * Buying redeem codes (docs/product.md#buying-redeem-codes, docs/decisions/0027-buying-redeem-codes.md):
 * the offers of the catalogue, an unpaid `redeemCodes` order paid through the shared checkout
 * (the codes are issued when its payment is applied, redeem-order-codes.ts), the order with its
 * codes, its CSV, and handing a code to a member of the buyer's company by mail.
 */
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TRedeemBuyRequest, TRedeemOffer, TRedeemOrderDetail } from '@ac/protocol/commerce';
import type { TCurrency, TGoodsCode, TLanguage } from '@ac/protocol/enums';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import { dueAmount, toOrderDetail } from '../orders/order-view.ts';
import type { OrderOrigin, OrdersService } from '../orders/orders.service.ts';
import { createRedeemRepo } from './redeem.repo.ts';
import { redeemCodesCsv } from './redeem-csv.ts';
import { toRedeemOrderCode, toRedeemOrderRow } from './redeem-view.ts';

type Deps = {
  db: Db;
  currency: TCurrency;
  companies: Pick<CompanyService, 'isAdmin' | 'colleagueByEmail' | 'assertMayBuy'>;
  orders: Pick<OrdersService, 'place'>;
  mailer: Mailer;
  audit: AuditService;
  defaultLanguage: TLanguage;
  /** PUBLIC_URL + base path: the mail links to `/redeemcode` there. */
  webUrl: string;
  now?: () => Date;
};
export type HandOverActor = Origin & { userId: string; language?: string };

export function createRedeemPurchaseService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createRedeemRepo(d.db);
  const priceOf = (o: { priceUsd: number; priceCny: number }) => (d.currency === 'USD' ? o.priceUsd : o.priceCny);

  async function ownOrder(userId: string, orderNo: string) {
    const row = await repo.findRedeemOrder(userId, orderNo);
    if (!row) throw new AppError(Code.orderNotFound);
    return row;
  }

  return {
    /** The offers on sale, each saying whether the caller may buy it. */
    async offers(userId: string): Promise<{ rows: TRedeemOffer[] }> {
      const admin = await d.companies.isAdmin(userId);
      const rows = await repo.offers();
      return {
        rows: rows.map(({ offer, goodsName }) => ({
          goodsCode: offer.goodsCode as TGoodsCode,
          goodsName,
          durationDays: offer.durationDays,
          price: { amount: priceOf(offer), currency: d.currency },
          minQuantity: offer.minQuantity,
          maxQuantity: offer.maxQuantity,
          buyers: offer.buyers,
          mayBuy: offer.buyers === 'everyone' || admin,
        })),
      };
    },

    /** An unpaid order for `quantity` codes of an offer (2400001 not on sale, 2400002 quantity, 2400003 buyer). */
    async buy(userId: string, req: TRedeemBuyRequest, origin: OrderOrigin): Promise<TOrderDetail> {
      const found = await repo.findOffer(req.goodsCode, req.durationDays);
      if (!found) throw new AppError(Code.redeemOfferNotFound);
      const { offer, goods } = found;
      if (req.quantity < offer.minQuantity || req.quantity > offer.maxQuantity) {
        throw new AppError(Code.redeemQuantityOutOfRange, undefined, {
          min: offer.minQuantity,
          max: offer.maxQuantity,
        });
      }
      if (offer.buyers === 'companyAdmins' && !(await d.companies.isAdmin(userId))) {
        throw new AppError(Code.redeemBuyNotAllowed);
      }
      await d.companies.assertMayBuy(userId, goods.code);
      const order = await d.orders.place(
        userId,
        {
          goodsCode: goods.code,
          quantity: req.quantity,
          serviceType: goods.serviceType,
          orderType: 'redeemCodes',
          orderAmount: priceOf(offer) * req.quantity,
          codeDays: offer.durationDays,
        },
        req.coupon,
        origin,
      );
      return toOrderDetail({ order, goodsName: goods.name, durationDays: goods.durationDays }, now());
    },

    /** One of my redeem-code orders with its codes. */
    async detail(userId: string, orderNo: string): Promise<TRedeemOrderDetail> {
      const { order, goodsName } = await ownOrder(userId, orderNo);
      const at = now();
      const codes = await repo.codesOfOrder(orderNo);
      return {
        ...toRedeemOrderRow(order),
        goodsCode: order.goodsCode,
        goodsName,
        discountAmount: { amount: order.discountAmount, currency: order.currency },
        dueAmount: { amount: dueAmount(order), currency: order.currency },
        couponCode: order.couponCode,
        codes: codes.map((c) => toRedeemOrderCode(c, at)),
      };
    },

    /** The order's codes as CSV (UTF-8 with BOM, so Excel reads it). */
    async csv(userId: string, orderNo: string): Promise<{ orderNo: string; text: string }> {
      const detail = await this.detail(userId, orderNo);
      return { orderNo: detail.orderNo, text: redeemCodesCsv(detail) };
    },

    /** Mails an unused code of my order to a member of my company (company admins). */
    async handOver(actor: HandOverActor, p: { orderNo: string; serialNo: string; email: string }) {
      const at = now();
      const { order, goodsName } = await ownOrder(actor.userId, p.orderNo);
      return d.db.transaction(async (tx) => {
        const { user, companyName } = await d.companies.colleagueByEmail(actor.userId, p.email, tx);
        const txRepo = createRedeemRepo(tx);
        const code = (await txRepo.codesOfOrder(order.orderNo)).find((c) => c.serialNo === p.serialNo);
        if (code?.state !== 'unused' || code.validTo <= at) throw new AppError(Code.redeemCodeNotHandable);
        const noted = await txRepo.noteHandOver(code.serialNo, p.email, at);
        const language = messageLanguage(actor.language, d.defaultLanguage);
        await d.mailer.send(
          {
            to: p.email,
            ...mailText(language, 'redeemHandOver', {
              company: companyName,
              goods: goodsName,
              days: code.durationDays + code.extraDurationDays,
              code: code.code,
              validTo: code.validTo.toISOString().slice(0, 10),
              link: `${d.webUrl}/redeemcode`,
            }),
          },
          tx,
        );
        await d.audit.record(
          {
            event: 'redeem.handedOver',
            userId: actor.userId,
            ip: actor.ip,
            requestId: actor.requestId,
            detail: { orderNo: order.orderNo, serialNo: code.serialNo, to: user.id },
          },
          tx,
        );
        return toRedeemOrderCode(noted ?? code, at);
      });
    },
  };
}
export type RedeemPurchaseService = ReturnType<typeof createRedeemPurchaseService>;
