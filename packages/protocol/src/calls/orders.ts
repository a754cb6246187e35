/** Checkout: orders, with the coupon an order may take (docs/api-commerce.md). */
import { Code } from '../codes.ts';
import {
  ZOrderCancelRequest,
  ZOrderCancelResponse,
  ZOrderCreateRequest,
  ZOrderCreateResponse,
  ZOrderDetailRequest,
  ZOrderDetailResponse,
  ZOrderList,
  ZOrderListRequest,
} from '../commerce.ts';
import { defineContract } from '../contract.ts';
import { ZCouponOffers, ZCouponOffersRequest, ZOrderCouponRequest } from '../coupons.ts';
import { couponErrors } from './coupons.ts';

export const orders = {
  list: defineContract({
    path: '/order/v5/order/list',
    summary: 'My orders, newest first, optionally filtered by status',
    tag: 'orders',
    auth: true,
    request: ZOrderListRequest,
    response: ZOrderList,
  }),
  create: defineContract({
    path: '/order/v5/order/create',
    summary:
      'Create an unpaid order for a catalogue product, priced in the region currency, with a coupon when one is given',
    tag: 'orders',
    auth: true,
    request: ZOrderCreateRequest,
    response: ZOrderCreateResponse,
    errors: [Code.goodsNotFound, ...couponErrors, Code.noPermission],
  }),
  coupon: defineContract({
    path: '/order/v5/order/coupon',
    summary:
      'Apply a coupon to one of my unpaid orders (replacing the one it held) or remove it (null); the server computes the discount',
    tag: 'orders',
    auth: true,
    request: ZOrderCouponRequest,
    response: ZOrderDetailResponse,
    errors: [Code.orderNotFound, Code.orderCouponLocked, ...couponErrors],
  }),
  couponOffers: defineContract({
    path: '/order/v5/order/couponOffers',
    summary: 'My coupons that apply to one of my unpaid orders now, each with its discount and the amount left to pay',
    tag: 'orders',
    auth: true,
    request: ZCouponOffersRequest,
    response: ZCouponOffers,
    errors: [Code.orderNotFound],
  }),
  detail: defineContract({
    path: '/order/v5/order/detail',
    summary: 'One of my orders with its lines, pay state and detail state',
    tag: 'orders',
    auth: true,
    request: ZOrderDetailRequest,
    response: ZOrderDetailResponse,
    errors: [Code.orderNotFound],
  }),
  cancel: defineContract({
    path: '/order/v5/order/cancel',
    summary:
      'Cancel one of my orders; only unpaid (0) ones — once a payment is under way (6) it can no longer be cancelled',
    tag: 'orders',
    auth: true,
    request: ZOrderCancelRequest,
    response: ZOrderCancelResponse,
    errors: [Code.orderNotFound, Code.orderCannotCancel],
  }),
};
