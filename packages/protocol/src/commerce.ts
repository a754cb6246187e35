/** Products, orders and redeem codes (API.md "Products, orders, payment", "Redeem codes"). */
import { z } from 'zod';
import { ZListRequest, ZListResponse, ZMoney, ZTime } from './common.ts';
import {
  ACCOUNT_TYPES,
  ORDER_TYPES,
  REDEEM_ORDER_STATUSES,
  REDEEM_SOURCES,
  REDEEM_STATES,
  SERVICE_TYPES,
  ZOrderStatus,
  ZRedeemTab,
} from './enums.ts';

export const ZMyProduct = z.object({
  goodsCode: z.string(),
  name: z.string(),
  productType: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  startTime: ZTime,
  expireTime: ZTime,
});
export const ZMyProducts = z.object({ rows: z.array(ZMyProduct) });
export type TMyProduct = z.infer<typeof ZMyProduct>;

export const ZOrderListRequest = ZListRequest.extend({ status: ZOrderStatus.optional() });
export type TOrderListRequest = z.infer<typeof ZOrderListRequest>;

export const ZOrderRow = z.object({
  orderNo: z.string(),
  orderTime: ZTime,
  goodsCode: z.string(),
  goodsName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  channel: z.string(),
  orderAmount: ZMoney,
  payAmount: ZMoney,
  payTime: ZTime.nullable(),
  payMethod: z.number().int().nullable(),
  orderType: z.enum(ORDER_TYPES),
  status: ZOrderStatus,
  startDate: ZTime.nullable(),
  endDate: ZTime.nullable(),
});
export type TOrderRow = z.infer<typeof ZOrderRow>;
export const ZOrderList = ZListResponse(ZOrderRow);

export const ZRedeemListRequest = ZListRequest.extend({ state: ZRedeemTab.default('unused') });
export type TRedeemListRequest = z.infer<typeof ZRedeemListRequest>;

export const ZRedeemRow = z.object({
  serialNo: z.string(),
  productName: z.string(),
  goodsName: z.string(),
  code: z.string(),
  state: z.enum(REDEEM_STATES),
  validFrom: ZTime,
  validTo: ZTime,
  redeemTime: ZTime.nullable(),
  useAccount: z.string().nullable(),
  source: z.enum(REDEEM_SOURCES),
});
export type TRedeemRow = z.infer<typeof ZRedeemRow>;
export const ZRedeemList = ZListResponse(ZRedeemRow);

export const ZRedeemOrderRow = z.object({
  orderNo: z.string(),
  orderTime: ZTime,
  category: z.string(),
  channel: z.string(),
  quantity: z.number().int(),
  orderAmount: ZMoney,
  payAmount: ZMoney,
  payTime: ZTime.nullable(),
  status: z.enum(REDEEM_ORDER_STATUSES),
  refundAmount: ZMoney,
});
export type TRedeemOrderRow = z.infer<typeof ZRedeemOrderRow>;
