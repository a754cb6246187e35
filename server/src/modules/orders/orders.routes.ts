import { type TOrderRow, ZOrderList, ZOrderListRequest } from '@ac/protocol/commerce';
import type { TOrderStatus } from '@ac/protocol/enums';
import { defineCall } from '../../envelope/call.ts';
import { iso } from '../../lib/time.ts';
import type { OrdersRepo } from './orders.repo.ts';

type Row = Awaited<ReturnType<OrdersRepo['listOrders']>>['rows'][number];

function toOrderRow({ order: o, goodsName }: Row): TOrderRow {
  return {
    orderNo: o.orderNo,
    orderTime: iso(o.createdAt),
    goodsCode: o.goodsCode,
    goodsName,
    serviceType: o.serviceType,
    channel: o.channel,
    orderAmount: { amount: o.orderAmount, currency: o.currency },
    payAmount: { amount: o.payAmount, currency: o.currency },
    payTime: iso(o.payTime),
    payMethod: o.payMethod,
    orderType: o.orderType,
    status: o.status as TOrderStatus,
    startDate: iso(o.startDate),
    endDate: iso(o.endDate),
  };
}

export function createOrdersCalls(d: { orders: OrdersRepo }) {
  return [
    defineCall({
      path: '/order/v5/order/list',
      summary: 'My orders, newest first, optionally filtered by status',
      tag: 'orders',
      auth: true,
      request: ZOrderListRequest,
      response: ZOrderList,
      async handler({ payload, session }) {
        const { pageNo, pageSize, status } = payload;
        const { rows, total } = await d.orders.listOrders(session.userId, {
          status,
          offset: (pageNo - 1) * pageSize,
          limit: pageSize,
        });
        return { rows: rows.map(toOrderRow), total, pageNo, pageSize };
      },
    }),
  ];
}
