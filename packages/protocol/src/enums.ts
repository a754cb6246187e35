/**
 * Enumerations of docs/product.md#data, docs/product.md#states and docs/product.md#client-types, one place for server, web and tests.
 * Names are the wire values; the web translates `enums.<group>.<value>`. Plain constants: the zod
 * schemas of these enumerations are in enum-schemas.ts, so importing an enumeration (as every page
 * does at start-up) does not load zod.
 */

export const REGIONS = ['us', 'cn'] as const;
export type TRegion = (typeof REGIONS)[number];

/** `dayTimeZone`: where the region's days start and end in the console's dashboard (docs/operations.md#dashboard). */
export const regionSettings = {
  us: { basePath: '/account/secure', currency: 'USD', defaultLanguage: 'en', dayTimeZone: 'UTC' },
  cn: { basePath: '/secure', currency: 'CNY', defaultLanguage: 'zh-CN', dayTimeZone: 'Asia/Shanghai' },
} as const satisfies Record<
  TRegion,
  { basePath: string; currency: string; defaultLanguage: string; dayTimeZone: string }
>;

export const CURRENCIES = ['USD', 'CNY'] as const;
export type TCurrency = (typeof CURRENCIES)[number];
export const currencySymbol: Record<TCurrency, string> = { USD: '$', CNY: '¥' };

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'fr', 'ko', 'de', 'it', 'es', 'hu'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const PRODUCT_TYPES = [
  'viewer',
  'archCloud',
  'cadMapping',
  'cloudMapExt',
  'cad365',
  'desktopCad',
  'mobileViewer',
  'aiStair',
  /** Extra cloud storage (the storage package): it adds to the quota and is never the current membership. */
  'cloudStorage',
] as const;
export type TProductType = (typeof PRODUCT_TYPES)[number];

export const ACCOUNT_TYPES = [
  'standard',
  'adFree',
  'premium',
  'super',
  'professional',
  'enterprise',
  'toolKit',
  'mappingPremium',
  'architecturePremium',
  'basic',
  'standardVersion',
  'advanced',
  'macGeneral',
  'macStandard',
  'macProfessional',
  'storage',
] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

/** Goods codes of docs/product.md#data with the product and account type each grants. */
export const GOODS = {
  ML1: { productType: 'viewer', accountType: 'adFree', level: 1 },
  ML2: { productType: 'viewer', accountType: 'premium', level: 2 },
  ML3: { productType: 'viewer', accountType: 'professional', level: 3 },
  ML4: { productType: 'viewer', accountType: 'enterprise', level: 4 },
  ML5: { productType: 'viewer', accountType: 'super', level: 5 },
  MS: { productType: 'cloudMapExt', accountType: 'toolKit', level: 1 },
  ML_S1: { productType: 'cadMapping', accountType: 'mappingPremium', level: 1 },
  'ML-A1': { productType: 'archCloud', accountType: 'architecturePremium', level: 1 },
  'ML-P1': { productType: 'viewer', accountType: 'advanced', level: 6 },
  GstarCAD2D_CSCA: { productType: 'desktopCad', accountType: 'enterprise', level: 2 },
  GstarCAD2D_CS: { productType: 'desktopCad', accountType: 'enterprise', level: 1 },
  GCAD_365_Basic_CS: { productType: 'cad365', accountType: 'basic', level: 1 },
  GCAD_365_CS: { productType: 'cad365', accountType: 'standardVersion', level: 2 },
  ML_LT1: { productType: 'mobileViewer', accountType: 'premium', level: 1 },
  ML2_Gstarcad: { productType: 'desktopCad', accountType: 'standardVersion', level: 3 },
  ML5_Gstarcad: { productType: 'desktopCad', accountType: 'professional', level: 4 },
  /** The 5 GB storage package (docs/product.md#storage-package). */
  STORAGE_5G: { productType: 'cloudStorage', accountType: 'storage', level: 0 },
} as const satisfies Record<string, { productType: TProductType; accountType: TAccountType; level: number }>;
export type TGoodsCode = keyof typeof GOODS;
export const GOODS_CODES = Object.keys(GOODS) as TGoodsCode[];
/** The storage package: its grants raise the storage quota and never count as a membership. */
export const STORAGE_PACKAGE_GOODS = 'STORAGE_5G' satisfies TGoodsCode;
/** Product types that add storage only: never the current membership (best-membership.ts). */
export const STORAGE_ONLY_PRODUCT_TYPES: readonly TProductType[] = ['cloudStorage'];
/**
 * Channels whose orders a provider charges (a renewing membership's provider, the app stores):
 * never paid by the member's pay call (2600050).
 */
export const PROVIDER_CHARGED_CHANNELS: readonly string[] = ['subscription', 'appStore', 'googlePlay'];

/** Order status codes of docs/product.md#states. */
export const OrderStatus = {
  unpaid: 0,
  paid: 1,
  cancelled: 2,
  expired: 3,
  payFailed: 4,
  refunded: 5,
  unconfirmed: 6,
  conversionDue: 7,
  partiallyRefunded: 8,
} as const;
export type TOrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus) as TOrderStatus[];
export const orderStatusName = Object.fromEntries(Object.entries(OrderStatus).map(([k, v]) => [v, k])) as Record<
  TOrderStatus,
  keyof typeof OrderStatus
>;

export const PayState = { unpaid: 0, paid: 1 } as const;
export type TPayState = (typeof PayState)[keyof typeof PayState];

/** Payment method codes of docs/product.md#states. */
export const PayMethod = { alipay: 2, wechat: 3, other: 7, pay360: 10 } as const;
export type TPayMethod = (typeof PayMethod)[keyof typeof PayMethod];

export const ORDER_TYPES = [
  'automatic',
  'manualReplenishment',
  'exchange',
  'renewal',
  'googlePlayAutoRenewal',
  /** A period of an App Store auto-renewable subscription bought in the mobile app (docs/decisions/0048-app-store-purchases.md). */
  'appStoreAutoRenewal',
  /** A batch of redeem codes bought through the checkout (docs/product.md#buying-redeem-codes). */
  'redeemCodes',
  /** The prorated difference of a renewing plan changed to a higher one mid-period (docs/product.md#renewing-memberships). */
  'upgrade',
] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];

/**
 * Where an order was placed (its `channel`): the portal (`web`), the desktop and mobile clients,
 * a renewing membership's provider (`subscription`, Stripe Billing) and the app stores
 * (`appStore`, `googlePlay`: the store charged the member; pay method 7, the store's transaction
 * is the order's `invoiceId`, docs/decisions/0048-app-store-purchases.md).
 */
export const ORDER_CHANNELS = ['web', 'pc', 'ios', 'android', 'subscription', 'appStore', 'googlePlay'] as const;
export type TOrderChannel = (typeof ORDER_CHANNELS)[number];

/** How often a renewing membership renews (docs/product.md#renewing-memberships). */
export const RENEWAL_INTERVALS = ['month', 'year'] as const;
export type TRenewalInterval = (typeof RENEWAL_INTERVALS)[number];
/**
 * A renewing membership's state: `pending` until its first period is paid, `active` while it
 * renews, `pastDue` while a failed renewal is retried by the provider, `ended` once the provider
 * ended it (cancelled at its period end, or every retry failed).
 */
export const SUBSCRIPTION_STATES = ['pending', 'active', 'pastDue', 'ended'] as const;
export type TSubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SERVICE_TYPES = ['membership', 'toolKit', 'storage'] as const;
export type TServiceType = (typeof SERVICE_TYPES)[number];

/** Order detail states of docs/product.md#states, derived from status and the service period. */
export const ORDER_DETAIL_STATES = ['purchaseFailed', 'active', 'expired', 'cancelled', 'pending'] as const;
export type TOrderDetailState = (typeof ORDER_DETAIL_STATES)[number];

export const REDEEM_STATES = [
  'exchanged',
  'unused',
  'expired',
  'void',
  'preOccupied',
  'abolished',
  // held while a refund of its order is asked of the gateway (docs/decisions/0037-commerce-review-findings.md)
  'refundHeld',
] as const;
export type TRedeemState = (typeof REDEEM_STATES)[number];
/** The three tabs of /myExchange. */
export const REDEEM_TABS = ['unused', 'used', 'expired'] as const;

export const REDEEM_SOURCES = ['systemRelease', 'activityAward', 'paidPurchase', 'freeGift'] as const;
export type TRedeemSource = (typeof REDEEM_SOURCES)[number];

export const REDEEM_ORDER_STATUSES = [
  'partialRefund',
  'fullRefund',
  'unpaid',
  'canceled',
  'paid',
  'expired',
  'unconfirmed',
  'convertedExpiration',
  'payFailed',
  'refunded',
] as const;
export type TRedeemOrderStatus = (typeof REDEEM_ORDER_STATUSES)[number];
/** How an order's status reads in the redeem-code order list; 5 is a full refund. */
export const redeemOrderStatusOf: Record<TOrderStatus, TRedeemOrderStatus> = {
  0: 'unpaid',
  1: 'paid',
  2: 'canceled',
  3: 'expired',
  4: 'payFailed',
  5: 'fullRefund',
  6: 'unconfirmed',
  7: 'convertedExpiration',
  8: 'partialRefund',
};
/** Who may buy an offer of redeem codes: anyone with an account, or only the admins of a company. */
export const REDEEM_BUYERS = ['everyone', 'companyAdmins'] as const;
export type TRedeemBuyers = (typeof REDEEM_BUYERS)[number];

export const INVOICE_STATUSES = ['notInvoiced', 'invoiced', 'invoicing', 'failed', 'reissuing', 'voided'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const DEVICE_STATUSES = ['bound', 'unbound'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];

export const THIRD_PARTY_TYPES = ['wx', 'weibo', 'qq', 'google', 'facebook', 'kakao', 'linkedin'] as const;
export type TThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];
export const thirdPartiesByRegion: Record<TRegion, readonly TThirdPartyType[]> = {
  us: ['google', 'facebook', 'linkedin', 'kakao'],
  cn: ['wx', 'qq', 'weibo'],
};

export const CODE_PURPOSES = [
  'register',
  'login',
  'bindEmail',
  'bindMobile',
  'changePassword',
  'findPwd',
  'cancelAccount',
  'verifyCurrent',
] as const;
export type TCodePurpose = (typeof CODE_PURPOSES)[number];

export const PAY_METHODS = Object.values(PayMethod) as TPayMethod[];

/** Payment gateways the server can be configured with (PAYMENT_PROVIDERS). */
export const PAYMENT_PROVIDERS = ['sandbox', 'alipay', 'wechat', 'stripe', 'paypal', 'fastspring'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The overseas ways to pay under pay method 7 ("other", docs/product.md#states), chosen in the
 * checkout and sent as the pay call's `channel` (docs/decisions/0028-paypal.md): `card` through
 * Stripe Checkout, `paypal` through PayPal Checkout, `fastspring` through FastSpring's popup storefront
 * (its script loaded only when the member pays, docs/decisions/0053-popup-storefront.md). The order
 * records pay method 7 whichever it is.
 */
export const PAY_CHANNELS = ['card', 'paypal', 'fastspring'] as const;
export type TPayChannel = (typeof PAY_CHANNELS)[number];

/**
 * How a hosted payment page (Stripe Checkout, PayPal) sends the payer back to
 * `/order?orderNo=…&checkout=<outcome>`: `paid` once they paid (the order is
 * paid when the gateway confirms it), `cancelled` when they left without paying.
 */
export const CHECKOUT_RETURNS = ['paid', 'cancelled'] as const;
export type TCheckoutReturn = (typeof CHECKOUT_RETURNS)[number];

/**
 * Company roles (docs/product.md#enterprise). `owner`: the account the
 * company was created for; an admin who cannot be removed. `admin`: manages
 * the members (invite, remove) and their seats. `member`: uses the seats
 * assigned to them and sees the company; may not manage members (1300001).
 */
export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const;
export type TCompanyRole = (typeof COMPANY_ROLES)[number];
/** Roles that manage members and seats. */
export const COMPANY_ADMIN_ROLES: readonly TCompanyRole[] = ['owner', 'admin'];

/**
 * Company status: where the company's contract stands. `pending`: created,
 * not yet in service (seats grant nothing); `active`: in service until its
 * end time; `closed`: ended for good (seats grant nothing). An active
 * company past its end time is expired: its seats grant nothing either.
 */
export const COMPANY_STATUSES = ['active', 'pending', 'closed'] as const;
export type TCompanyStatus = (typeof COMPANY_STATUSES)[number];

/**
 * Freeze status, independent of the status: `frozen` suspends an active
 * company for a while (an operator's decision, e.g. an unpaid invoice): its
 * seats grant nothing and its members may not buy a product the company
 * holds seats of (1300001) until it is `normal` again.
 */
export const FREEZE_STATUSES = ['normal', 'frozen'] as const;
export type TFreezeStatus = (typeof FREEZE_STATUSES)[number];

/** Whether a company's seats grant their goods at `at`: active, not frozen, not past its end time. */
export function companyGrants(
  c: { status: TCompanyStatus; freezeStatus: TFreezeStatus; endTime: Date | string },
  at: Date,
): boolean {
  if (c.status !== 'active' || c.freezeStatus !== 'normal') return false;
  return new Date(c.endTime).getTime() > at.getTime();
}
