/** Products, orders and redeem codes (docs/api.md). */
import { z } from 'zod';
import { ZEmpty, ZListRequest, ZListResponse, ZMoney, ZTime } from './common.ts';
import { ZGoodsCode, ZOrderStatus, ZPayChannel, ZPayMethod, ZRedeemTab } from './enum-schemas.ts';
import {
  ACCOUNT_TYPES,
  CURRENCIES,
  ORDER_DETAIL_STATES,
  ORDER_TYPES,
  PRODUCT_TYPES,
  REDEEM_BUYERS,
  REDEEM_ORDER_STATUSES,
  REDEEM_SOURCES,
  REDEEM_STATES,
  SERVICE_TYPES,
} from './enums.ts';
import { ZVipInfo } from './session.ts';

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
  /** The list price of the order (price × quantity). */
  orderAmount: ZMoney,
  /** What a coupon takes off (0 without one). */
  discountAmount: ZMoney,
  /** What the gateways are asked for: the order amount less the discount. */
  dueAmount: ZMoney,
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
  /** The order status code (docs/product.md#states) the status above reads. */
  orderStatus: ZOrderStatus,
  refundAmount: ZMoney,
  /** Days of membership each code grants. */
  durationDays: z.number().int(),
});
export type TRedeemOrderRow = z.infer<typeof ZRedeemOrderRow>;

// ---- catalogue -------------------------------------------------------------

export const ZProductCatalogRequest = ZEmpty;
export const ZCatalogItem = z.object({
  goodsCode: ZGoodsCode,
  name: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  accountType: z.enum(ACCOUNT_TYPES),
  serviceType: z.enum(SERVICE_TYPES),
  level: z.number().int(),
  /** Length of one unit of the product, in days. */
  durationDays: z.number().int(),
  storageGb: z.number().int(),
  /** Price of one unit in the region's currency (USD overseas, CNY in China). */
  price: ZMoney,
});
export type TCatalogItem = z.infer<typeof ZCatalogItem>;
export const ZProductCatalogResponse = z.object({ currency: z.enum(CURRENCIES), rows: z.array(ZCatalogItem) });
export type TProductCatalogResponse = z.infer<typeof ZProductCatalogResponse>;

// ---- orders ----------------------------------------------------------------

export const ZOrderNo = z.string().trim().min(1).max(64);
export const MAX_ORDER_QUANTITY = 10;

export const ZOrderCreateRequest = z.object({
  goodsCode: ZGoodsCode,
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY).default(1),
  coupon: z.string().trim().min(1).max(64).optional(),
});
export type TOrderCreateRequest = z.infer<typeof ZOrderCreateRequest>;

export const ZOrderLine = z.object({
  goodsCode: z.string(),
  goodsName: z.string(),
  quantity: z.number().int(),
  unitPrice: ZMoney,
  amount: ZMoney,
  durationDays: z.number().int(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZOrderDetail = ZOrderRow.extend({
  detailState: z.enum(ORDER_DETAIL_STATES),
  payState: z.union([z.literal(0), z.literal(1)]),
  refundAmount: ZMoney,
  /** The coupon the order holds (released again when it is cancelled or expires unpaid). */
  couponCode: z.string().nullable(),
  lines: z.array(ZOrderLine),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;
export const ZOrderCreateResponse = ZOrderDetail;

export const ZOrderDetailRequest = z.object({ orderNo: ZOrderNo });
export const ZOrderDetailResponse = ZOrderDetail;
export const ZOrderCancelRequest = z.object({ orderNo: ZOrderNo });
export const ZOrderCancelResponse = ZEmpty;

/** `channel`: with pay method 7, card (Stripe, the default) or PayPal; ignored with the other methods. */
export const ZOrderPayRequest = z.object({ orderNo: ZOrderNo, payMethod: ZPayMethod, channel: ZPayChannel.optional() });
export type TOrderPayRequest = z.infer<typeof ZOrderPayRequest>;
/**
 * The popup storefront (FastSpring, docs/decisions/0053-popup-storefront.md): the Store Builder
 * Library's script with its storefront and access key, and the session encrypted with our key
 * (`fastspring.builder.secure(securePayload, secureKey)`: the product, our price and the tags
 * naming the order and the account).
 */
export const ZStorefrontPopup = z.object({
  scriptUrl: z.string(),
  storefront: z.string(),
  accessKey: z.string(),
  securePayload: z.string(),
  secureKey: z.string(),
});
export type TStorefrontPopup = z.infer<typeof ZStorefrontPopup>;
/** `payUrl`: open in a new page (page flow); `qrCode`: render as a 150×150 QR (WeChat); `popup`: open the storefront over the page. */
export const ZOrderPayResponse = z.union([
  z.object({ payUrl: z.string() }),
  z.object({ qrCode: z.string() }),
  z.object({ popup: ZStorefrontPopup }),
]);
export type TOrderPayResponse = z.infer<typeof ZOrderPayResponse>;

export const ZOrderPayStateRequest = z.object({ orderNo: ZOrderNo });
export const ZOrderPayStateResponse = z.object({
  payState: z.union([z.literal(0), z.literal(1)]),
  status: ZOrderStatus,
});
export type TOrderPayStateResponse = z.infer<typeof ZOrderPayStateResponse>;

// ---- redeem codes ----------------------------------------------------------

/** 32 symbols without 0/O/1/I; 18 of them carry 90 bits, shown as XXXX-XXXX-XXXX-XXXX-XX. */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 18;

/** The form codes are matched in: upper case, without dashes and spaces. */
export function normalizeRedeemCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export const ZRedeemCodeInput = z
  .string()
  .max(64)
  .refine((c) => normalizeRedeemCode(c).length > 0, 'Please enter the redeem code');

export const ZRedeemPreviewRequest = z.object({ code: ZRedeemCodeInput });
/** The confirmation dialog; durations are in days. */
export const ZRedeemPreviewResponse = z.object({
  goodsCode: z.string(),
  goodsName: z.string(),
  licenseQty: z.number().int(),
  externalCollabQty: z.number().int(),
  extraLicenseQty: z.number().int(),
  extraExternalCollabQty: z.number().int(),
  extraDuration: z.number().int(),
  activationDuration: z.number().int(),
  validTo: ZTime,
});
export type TRedeemPreviewResponse = z.infer<typeof ZRedeemPreviewResponse>;

export const ZRedeemExchangeRequest = z.object({ code: ZRedeemCodeInput });
export const ZRedeemExchangeResponse = z.object({ vipInfo: ZVipInfo });
export type TRedeemExchangeResponse = z.infer<typeof ZRedeemExchangeResponse>;

export const ZRedeemOrdersRequest = ZListRequest;
export const ZRedeemOrdersResponse = ZListResponse(ZRedeemOrderRow);

// ---- buying redeem codes ---------------------------------------------------

/** One thing that can be bought as codes: a goods code and a duration at a price per code. */
export const ZRedeemOffer = z.object({
  goodsCode: ZGoodsCode,
  goodsName: z.string(),
  durationDays: z.number().int(),
  /** Price of one code in the region's currency. */
  price: ZMoney,
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  buyers: z.enum(REDEEM_BUYERS),
  /** Whether the caller may buy it (company-only offers need an admin of a company). */
  mayBuy: z.boolean(),
});
export type TRedeemOffer = z.infer<typeof ZRedeemOffer>;
export const ZRedeemOffersRequest = ZEmpty;
export const ZRedeemOffersResponse = z.object({ rows: z.array(ZRedeemOffer) });
export type TRedeemOffersResponse = z.infer<typeof ZRedeemOffersResponse>;

/** The quantity range is the offer's and checked by the server (2400002). */
export const ZRedeemBuyRequest = z.object({
  goodsCode: ZGoodsCode,
  durationDays: z.number().int().min(1).max(3650),
  quantity: z.number().int(),
  coupon: z.string().trim().min(1).max(64).optional(),
});
export type TRedeemBuyRequest = z.infer<typeof ZRedeemBuyRequest>;
/** The unpaid order, as order/create answers it, for the shared checkout. */
export const ZRedeemBuyResponse = ZOrderDetail;

export const ZRedeemOrderCode = z.object({
  serialNo: z.string(),
  code: z.string(),
  state: z.enum(REDEEM_STATES),
  validTo: ZTime,
  redeemTime: ZTime.nullable(),
  /** The account that redeemed it. */
  useAccount: z.string().nullable(),
  /** The address it was last mailed to, and when. */
  handedTo: z.string().nullable(),
  handedAt: ZTime.nullable(),
});
export type TRedeemOrderCode = z.infer<typeof ZRedeemOrderCode>;
export const ZRedeemOrderDetailRequest = z.object({ orderNo: ZOrderNo });
export const ZRedeemOrderDetail = ZRedeemOrderRow.extend({
  goodsCode: z.string(),
  goodsName: z.string(),
  discountAmount: ZMoney,
  dueAmount: ZMoney,
  couponCode: z.string().nullable(),
  codes: z.array(ZRedeemOrderCode),
});
export type TRedeemOrderDetail = z.infer<typeof ZRedeemOrderDetail>;

export const ZRedeemHandOverRequest = z.object({
  orderNo: ZOrderNo,
  serialNo: z.string().trim().min(1).max(64),
  email: z.string().trim().toLowerCase().email().max(254),
});
export const ZRedeemHandOverResponse = ZRedeemOrderCode;
