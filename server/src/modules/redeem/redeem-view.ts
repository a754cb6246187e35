/** Redeem codes as the wire rows of the redeem list. */
import type { TRedeemOrderCode, TRedeemOrderRow, TRedeemRow } from '@ac/protocol/commerce';
import { redeemOrderStatusOf, type TCurrency, type TOrderStatus } from '@ac/protocol/enums';
import type { orders } from '../../db/schema/index.ts';
import { iso } from '../../lib/time.ts';
import type { RedeemCodeRow, RedeemRepo } from './redeem.repo.ts';

type Row = Awaited<ReturnType<RedeemRepo['listCodes']>>['rows'][number];

/** A reserved or unused code past its validity shows as expired. */
export function toRedeemRow({ code: c, goodsName, productType }: Row, now: Date): TRedeemRow {
  const lapsed = (c.state === 'unused' || c.state === 'preOccupied') && c.validTo <= now;
  return {
    serialNo: c.serialNo,
    productName: productType,
    goodsName,
    code: c.code,
    state: lapsed ? 'expired' : c.state,
    validFrom: iso(c.validFrom),
    validTo: iso(c.validTo),
    redeemTime: iso(c.redeemTime),
    useAccount: c.redeemAccount,
    source: c.source,
  };
}

const money = (amount: number, currency: TCurrency) => ({ amount, currency });

/** A `redeemCodes` order as a row of the redeem-code order list; its status read by redeemOrderStatusOf. */
export function toRedeemOrderRow(o: typeof orders.$inferSelect): TRedeemOrderRow {
  const status = o.status as TOrderStatus;
  return {
    orderNo: o.orderNo,
    orderTime: iso(o.createdAt),
    category: o.goodsCode,
    channel: o.channel,
    quantity: o.quantity,
    orderAmount: money(o.orderAmount, o.currency),
    payAmount: money(o.payAmount, o.currency),
    payTime: iso(o.payTime),
    status: redeemOrderStatusOf[status],
    orderStatus: status,
    refundAmount: money(o.refundAmount, o.currency),
    durationDays: o.codeDays ?? 0,
  };
}

/** A code under its order; one past its validity shows as expired. */
export function toRedeemOrderCode(c: RedeemCodeRow, now: Date): TRedeemOrderCode {
  const lapsed = (c.state === 'unused' || c.state === 'preOccupied') && c.validTo <= now;
  return {
    serialNo: c.serialNo,
    code: c.code,
    state: lapsed ? 'expired' : c.state,
    validTo: iso(c.validTo),
    redeemTime: iso(c.redeemTime),
    useAccount: c.redeemAccount,
    handedTo: c.handedTo,
    handedAt: iso(c.handedAt),
  };
}
