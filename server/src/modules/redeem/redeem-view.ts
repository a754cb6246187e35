/** Redeem codes as the wire rows of the redeem list. */
import type { TRedeemRow } from '@ac/protocol/commerce';
import { iso } from '../../lib/time.ts';
import type { RedeemRepo } from './redeem.repo.ts';

type Row = Awaited<ReturnType<RedeemRepo['listCodes']>>['rows'][number];

/** A reserved or unused code past its validity shows as expired. */
export function toRedeemRow({ code: c, goodsName, productType }: Row, now: Date): TRedeemRow {
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
