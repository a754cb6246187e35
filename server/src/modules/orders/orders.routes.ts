import { Code } from '@ac/protocol/codes';
import {
  ZOrderCancelRequest,
  ZOrderCancelResponse,
  ZOrderCreateRequest,
  ZOrderCreateResponse,
  ZOrderDetailRequest,
  ZOrderDetailResponse,
  ZOrderList,
  ZOrderListRequest,
  ZOrderPayRequest,
  ZOrderPayResponse,
  ZOrderPayStateRequest,
  ZOrderPayStateResponse,
} from '@ac/protocol/commerce';
import { defineCall } from '../../envelope/call.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { OrdersService } from './orders.service.ts';

type Deps = { orders: OrdersService; payments: PaymentsService };
const limit = { max: 30, timeWindow: '1 minute' };

export function createOrdersCalls(d: Deps) {
  return [
    defineCall({
      path: '/order/v5/order/list',
      summary: 'My orders, newest first, optionally filtered by status',
      tag: 'orders',
      auth: true,
      request: ZOrderListRequest,
      response: ZOrderList,
      handler: ({ payload, session }) => d.orders.list(session.userId, payload),
    }),
    defineCall({
      path: '/order/v5/order/create',
      summary: 'Create an unpaid order for a catalogue product, priced in the region currency',
      tag: 'orders',
      auth: true,
      rateLimit: limit,
      request: ZOrderCreateRequest,
      response: ZOrderCreateResponse,
      errors: [Code.goodsNotFound, Code.couponInvalid],
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.orders.create(session.userId, payload, { channel: clientInfo.channelCode || 'web', ip, requestId }),
    }),
    defineCall({
      path: '/order/v5/order/detail',
      summary: 'One of my orders with its lines, pay state and detail state',
      tag: 'orders',
      auth: true,
      request: ZOrderDetailRequest,
      response: ZOrderDetailResponse,
      errors: [Code.orderNotFound],
      handler: ({ payload, session }) => d.orders.detail(session.userId, payload.orderNo),
    }),
    defineCall({
      path: '/order/v5/order/cancel',
      summary: 'Cancel one of my orders; only unpaid (0) and payment-not-confirmed (6) orders',
      tag: 'orders',
      auth: true,
      request: ZOrderCancelRequest,
      response: ZOrderCancelResponse,
      errors: [Code.orderNotFound, Code.orderCannotCancel],
      async handler({ payload, session, ip, requestId }) {
        await d.orders.cancel(session.userId, payload.orderNo, { ip, requestId });
        return {};
      },
    }),
    defineCall({
      path: '/order/v5/order/pay',
      summary: 'Start paying an order: a page to open (payUrl) or, for WeChat (3), a QR code URL (qrCode)',
      tag: 'orders',
      auth: true,
      rateLimit: limit,
      request: ZOrderPayRequest,
      response: ZOrderPayResponse,
      errors: [Code.orderNotFound, Code.orderNotPayable, Code.payMethodUnavailable, Code.paymentProviderFailed],
      handler: ({ payload, session }) => d.payments.start(session.userId, payload.orderNo, payload.payMethod),
    }),
    defineCall({
      path: '/order/v5/order/payState',
      summary: 'Whether an order is paid; an order awaiting confirmation is checked with its gateway',
      tag: 'orders',
      auth: true,
      rateLimit: { max: 120, timeWindow: '1 minute' },
      request: ZOrderPayStateRequest,
      response: ZOrderPayStateResponse,
      errors: [Code.orderNotFound],
      handler: ({ payload, session }) => d.payments.payState(session.userId, payload.orderNo),
    }),
  ];
}
