import { Code } from '@ac/protocol/codes';
import {
  ZRedeemExchangeRequest,
  ZRedeemExchangeResponse,
  ZRedeemList,
  ZRedeemListRequest,
  ZRedeemOrdersRequest,
  ZRedeemOrdersResponse,
  ZRedeemPreviewRequest,
  ZRedeemPreviewResponse,
} from '@ac/protocol/commerce';
import { defineCall } from '../../envelope/call.ts';
import type { RedeemService } from './redeem.service.ts';

const REDEEM_ERRORS = [
  Code.redeemCodeInvalid,
  Code.redeemCodeUsed,
  Code.redeemCodeOutOfValidity,
  Code.redeemCodeVoid,
  Code.redeemCodeReserved,
  Code.redeemCompanyCode,
  Code.redeemLevelMismatch,
  Code.tooManyRequests,
];
const limit = { max: 30, timeWindow: '1 minute' };

export function createRedeemCalls(d: { redeem: RedeemService }) {
  return [
    defineCall({
      path: '/order/v5/redeem/list',
      summary: 'My redeem codes in one tab: unused, used or expired',
      tag: 'redeem',
      auth: true,
      request: ZRedeemListRequest,
      response: ZRedeemList,
      handler: ({ payload, session }) => d.redeem.list(session.userId, payload),
    }),
    defineCall({
      path: '/order/v5/redeem/preview',
      summary: 'What a redeem code grants (the confirmation dialog); durations in days',
      tag: 'redeem',
      auth: true,
      rateLimit: limit,
      request: ZRedeemPreviewRequest,
      response: ZRedeemPreviewResponse,
      errors: REDEEM_ERRORS,
      handler: ({ payload, session }) => d.redeem.preview(session.userId, payload.code),
    }),
    defineCall({
      path: '/order/v5/redeem/exchange',
      summary: 'Redeem a code: grants its membership once and answers the new membership',
      tag: 'redeem',
      auth: true,
      rateLimit: limit,
      request: ZRedeemExchangeRequest,
      response: ZRedeemExchangeResponse,
      errors: REDEEM_ERRORS,
      handler: ({ payload, session, ip, requestId }) =>
        d.redeem.exchange(session.userId, payload.code, { ip, requestId }),
    }),
    defineCall({
      path: '/order/v5/redeem/orders',
      summary: 'My redeem-code orders with their refund amount, newest first',
      tag: 'redeem',
      auth: true,
      request: ZRedeemOrdersRequest,
      response: ZRedeemOrdersResponse,
      handler: ({ payload, session }) => d.redeem.orders(session.userId, payload),
    }),
  ];
}
