/** Order rows and details as the wire shapes of docs/api.md. */
import type { TOrderDetail, TOrderRow } from '@ac/protocol/commerce';
import type { TCurrency, TOrderStatus } from '@ac/protocol/enums';
import { iso } from '../../lib/time.ts';
import { detailStateOf, payStateOf } from './order-state.ts';
import type { OrderRow, OrderWithGoods } from './orders.repo.ts';

const money = (amount: number, currency: TCurrency) => ({ amount, currency });

/** What the gateways are asked for and what their reports must match: the list price less the coupon's discount. */
export const dueAmount = (o: Pick<OrderRow, 'orderAmount' | 'discountAmount'>) => o.orderAmount - o.discountAmount;

export function toOrderRow({ order: o, goodsName }: Pick<OrderWithGoods, 'order' | 'goodsName'>): TOrderRow {
  return {
    orderNo: o.orderNo,
    orderTime: iso(o.createdAt),
    goodsCode: o.goodsCode,
    goodsName,
    serviceType: o.serviceType,
    channel: o.channel,
    orderAmount: money(o.orderAmount, o.currency),
    discountAmount: money(o.discountAmount, o.currency),
    dueAmount: money(dueAmount(o), o.currency),
    payAmount: money(o.payAmount, o.currency),
    payTime: iso(o.payTime),
    payMethod: o.payMethod,
    orderType: o.orderType,
    status: o.status as TOrderStatus,
    startDate: iso(o.startDate),
    endDate: iso(o.endDate),
  };
}

/** The order with its line (one goods code per order) and its detail state. */
export function toOrderDetail(row: OrderWithGoods, now: Date): TOrderDetail {
  const o = row.order;
  const status = o.status as TOrderStatus;
  return {
    ...toOrderRow(row),
    detailState: detailStateOf(status, o.endDate, now),
    payState: payStateOf(status),
    refundAmount: money(o.refundAmount, o.currency),
    couponCode: o.couponCode,
    lines: [
      {
        goodsCode: o.goodsCode,
        goodsName: row.goodsName,
        quantity: o.quantity,
        unitPrice: money(Math.round(o.orderAmount / o.quantity), o.currency),
        amount: money(o.orderAmount, o.currency),
        durationDays: o.orderType === 'redeemCodes' ? (o.codeDays ?? 0) : row.durationDays * o.quantity,
      },
    ],
  };
}
