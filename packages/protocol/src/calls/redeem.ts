/** Redeem codes: mine, redeeming one, buying and handing over codes (docs/api-commerce.md). */
import { Code } from '../codes.ts';
import {
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
import { defineContract } from '../contract.ts';
import { couponErrors } from './coupons.ts';

const redeemErrors = [
  Code.redeemCodeInvalid,
  Code.redeemCodeUsed,
  Code.redeemCodeOutOfValidity,
  Code.redeemCodeVoid,
  Code.redeemCodeReserved,
  Code.redeemCodeRefundPending,
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
