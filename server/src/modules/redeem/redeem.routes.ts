import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TRedeemRow } from '@ac/protocol/commerce';
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

const _REDEEM_ERRORS = [
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
    defineCall(calls.redeem.list, {
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
    defineCall(calls.redeem.preview, {
      rateLimit: limit,
      handler: ({ payload, session }) => d.redeemService.preview(session.userId, payload.code),
    }),
    defineCall(calls.redeem.exchange, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) =>
        d.redeemService.exchange(session.userId, payload.code, { ip, requestId }),
    }),
    defineCall(calls.redeem.orders, {
      handler: ({ payload, session }) => d.redeemService.orders(session.userId, payload),
    }),
  ];
}
