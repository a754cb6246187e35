import { Code } from '@ac/protocol/codes';
import {
  type TRedeemRow,
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
import { iso } from '../../lib/time.ts';
import type { RedeemRepo } from './redeem.repo.ts';
import type { RedeemService } from './redeem.service.ts';

type Row = Awaited<ReturnType<RedeemRepo['listCodes']>>['rows'][number];

function toRedeemRow({ code: c, goodsName, productType }: Row, now: Date): TRedeemRow {
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

export function createRedeemCalls(d: { redeem: RedeemRepo; redeemService: RedeemService; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  return [
    defineCall({
      path: '/order/v5/redeem/list',
      summary: 'My redeem codes in one tab: unused, used or expired',
      tag: 'redeem',
      auth: true,
      request: ZRedeemListRequest,
      response: ZRedeemList,
      async handler({ payload, session }) {
        const { pageNo, pageSize, state } = payload;
        const at = now();
        const { rows, total } = await d.redeem.listCodes(session.userId, state, at, {
          offset: (pageNo - 1) * pageSize,
          limit: pageSize,
        });
        return { rows: rows.map((r) => toRedeemRow(r, at)), total, pageNo, pageSize };
      },
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
      handler: ({ payload, session }) => d.redeemService.preview(session.userId, payload.code),
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
        d.redeemService.exchange(session.userId, payload.code, { ip, requestId }),
    }),
    defineCall({
      path: '/order/v5/redeem/orders',
      summary: 'My redeem-code orders with their refund amount, newest first',
      tag: 'redeem',
      auth: true,
      request: ZRedeemOrdersRequest,
      response: ZRedeemOrdersResponse,
      handler: ({ payload, session }) => d.redeemService.orders(session.userId, payload),
    }),
  ];
}
