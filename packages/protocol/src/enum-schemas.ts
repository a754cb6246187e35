/** zod schemas of the enumerations of enums.ts, for the payloads and answers that carry them. */
import { z } from 'zod';
import { CHECKOUT_RETURNS, GOODS_CODES, PAY_CHANNELS, REDEEM_TABS, REGIONS, type TGoodsCode } from './enums.ts';

export const ZRegion = z.enum(REGIONS);
export const ZGoodsCode = z.enum(GOODS_CODES as [TGoodsCode, ...TGoodsCode[]]);
export const ZOrderStatus = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
]);
export const ZRedeemTab = z.enum(REDEEM_TABS);
export const ZPayMethod = z.union([z.literal(2), z.literal(3), z.literal(7), z.literal(10)]);
export const ZPayChannel = z.enum(PAY_CHANNELS);
export const ZCheckoutReturn = z.enum(CHECKOUT_RETURNS);
