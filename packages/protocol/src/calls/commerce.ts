/** Catalogue, memberships, orders and redeem codes. */
import { Code } from '../codes.ts';
import {
  ZMyProducts,
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
  ZProductCatalogRequest,
  ZProductCatalogResponse,
  ZRedeemBuyRequest,
  ZRedeemBuyResponse,
  ZRedeemExchangeRequest,
  ZRedeemExchangeResponse,
  ZRedeemHandOverRequest,
  ZRedeemHandOverResponse,
  ZRedeemList,
  ZRedeemListRequest,
  ZRedeemOffersRequest,
  ZRedeemOffersResponse,
  ZRedeemOrderDetail,
  ZRedeemOrderDetailRequest,
  ZRedeemOrdersRequest,
  ZRedeemOrdersResponse,
  ZRedeemPreviewRequest,
  ZRedeemPreviewResponse,
} from '../commerce.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZCouponOffers, ZCouponOffersRequest, ZOrderCouponRequest } from '../coupons.ts';
import { couponErrors } from './coupons.ts';

export const products = {
  catalog: defineContract({
    path: '/order/v5/product/catalog',
    summary: 'Purchasable goods with product type, account type, duration and price in the region currency',
    tag: 'products',
    auth: false,
    request: ZProductCatalogRequest,
    response: ZProductCatalogResponse,
  }),
};

export const memberships = {
  mine: defineContract({
    path: '/order/v5/product/mine',
    summary: 'My membership products with expiry',
    tag: 'products',
    auth: true,
    request: ZEmpty,
    response: ZMyProducts,
  }),
};

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
  pay: defineContract({
    path: '/order/v5/order/pay',
    summary:
      'Start paying an order: a page to open (payUrl) or, for WeChat (3), a QR code URL (qrCode); with 7, `channel` picks card (Stripe) or PayPal',
    tag: 'orders',
    auth: true,
    request: ZOrderPayRequest,
    response: ZOrderPayResponse,
    errors: [Code.orderNotFound, Code.orderNotPayable, Code.payMethodUnavailable, Code.paymentProviderFailed],
  }),
  payState: defineContract({
    path: '/order/v5/order/payState',
    summary: 'Whether an order is paid; an order awaiting confirmation is checked with its gateway',
    tag: 'orders',
    auth: true,
    request: ZOrderPayStateRequest,
    response: ZOrderPayStateResponse,
    errors: [Code.orderNotFound],
  }),
};

const redeemErrors = [
  Code.redeemCodeInvalid,
  Code.redeemCodeUsed,
  Code.redeemCodeOutOfValidity,
  Code.redeemCodeVoid,
  Code.redeemCodeReserved,
  Code.redeemCompanyCode,
  Code.redeemLevelMismatch,
  Code.tooManyRequests,
];

export const redeem = {
  list: defineContract({
    path: '/order/v5/redeem/list',
    summary: 'My redeem codes in one tab: unused, used or expired',
    tag: 'redeem',
    auth: true,
    request: ZRedeemListRequest,
    response: ZRedeemList,
  }),
  preview: defineContract({
    path: '/order/v5/redeem/preview',
    summary: 'What a redeem code grants (the confirmation dialog); durations in days',
    tag: 'redeem',
    auth: true,
    request: ZRedeemPreviewRequest,
    response: ZRedeemPreviewResponse,
    errors: redeemErrors,
  }),
  exchange: defineContract({
    path: '/order/v5/redeem/exchange',
    summary: 'Redeem a code: grants its membership once and answers the new membership',
    tag: 'redeem',
    auth: true,
    request: ZRedeemExchangeRequest,
    response: ZRedeemExchangeResponse,
    errors: redeemErrors,
  }),
  orders: defineContract({
    path: '/order/v5/redeem/orders',
    summary: 'My redeem-code orders with their refund amount, newest first',
    tag: 'redeem',
    auth: true,
    request: ZRedeemOrdersRequest,
    response: ZRedeemOrdersResponse,
  }),
  offers: defineContract({
    path: '/order/v5/redeem/offers',
    summary:
      'What can be bought as redeem codes: goods, duration, price per code, quantity range, and whether I may buy it',
    tag: 'redeem',
    auth: true,
    request: ZRedeemOffersRequest,
    response: ZRedeemOffersResponse,
  }),
  buy: defineContract({
    path: '/order/v5/redeem/buy',
    summary:
      'Create an unpaid order for N redeem codes of an offer, paid through the shared checkout; the codes are issued when the payment is applied',
    tag: 'redeem',
    auth: true,
    request: ZRedeemBuyRequest,
    response: ZRedeemBuyResponse,
    errors: [
      Code.redeemOfferNotFound,
      Code.redeemQuantityOutOfRange,
      Code.redeemBuyNotAllowed,
      Code.noPermission,
      ...couponErrors,
    ],
  }),
  orderDetail: defineContract({
    path: '/order/v5/redeem/orderDetail',
    summary: 'One of my redeem-code orders with its codes (state, redeemed by, when, handed to)',
    tag: 'redeem',
    auth: true,
    request: ZRedeemOrderDetailRequest,
    response: ZRedeemOrderDetail,
    errors: [Code.orderNotFound],
  }),
  handOver: defineContract({
    path: '/order/v5/redeem/handOver',
    summary: "Mail an unused code of my order to a member of my company (company admins), in the member's language",
    tag: 'redeem',
    auth: true,
    request: ZRedeemHandOverRequest,
    response: ZRedeemHandOverResponse,
    errors: [
      Code.orderNotFound,
      Code.noPermission,
      Code.redeemRecipientNotMember,
      Code.redeemCodeNotHandable,
      Code.tooManyRequests,
    ],
  }),
};
