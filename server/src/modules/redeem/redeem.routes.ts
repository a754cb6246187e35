import { type TRedeemRow, ZRedeemList, ZRedeemListRequest } from '@ac/protocol/commerce';
import { defineCall } from '../../envelope/call.ts';
import { iso } from '../../lib/time.ts';
import type { RedeemRepo } from './redeem.repo.ts';

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

export function createRedeemCalls(d: { redeem: RedeemRepo; now?: () => Date }) {
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
  ];
}
