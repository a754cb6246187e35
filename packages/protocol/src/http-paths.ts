/**
 * Paths of the routes that are not envelope calls (docs/protocol.md): the
 * key fetch answered in clear, the multipart avatar upload, avatar images,
 * payment gateways' notifications and the sandbox checkout page, the cloud
 * storage service's usage reports, the
 * development mailbox, and the health and metrics probes.
 */
export const httpPaths = {
  /** POST `{data:"", clientInfo}` → `{code, msg, bizData:{aesSecretKey}}` in clear. */
  getRsaKey: '/global/v5/common/getRsaKey',
  /** Multipart avatar upload, answered `{code, msg, bizData:{favicon}}` in clear; the second path is an alias. */
  avatarUploads: ['/user/v5/sysuser/uploadFavicon', '/user/v5/sysuser/uploadHeadPic'],
  /** Avatar images: `<prefix><random name>`. */
  avatarPrefix: '/avatars/',
  /** Gateway notifications: `<prefix>/<provider>` (sandbox, alipay, wechat, stripe, paypal, fastspring). */
  payNotifyPrefix: '/order/v5/pay/notify',
  /** Stripe's webhook endpoint (`<payNotifyPrefix>/stripe`): the URL to register in the Stripe dashboard. */
  stripeWebhook: '/order/v5/pay/notify/stripe',
  /** PayPal's webhook endpoint (`<payNotifyPrefix>/paypal`): the URL to register for the app's webhook in PayPal's developer dashboard. */
  paypalWebhook: '/order/v5/pay/notify/paypal',
  /** App Store Server Notifications V2 (`<payNotifyPrefix>/appstore`): the URL to enter in App Store Connect (docs/decisions/0048-app-store-purchases.md). */
  appStoreNotify: '/order/v5/pay/notify/appstore',
  /** Google Play real-time developer notifications (`<payNotifyPrefix>/googleplay`): the push endpoint of the Pub/Sub subscription. */
  googlePlayNotify: '/order/v5/pay/notify/googleplay',
  /** FastSpring's webhook (`<payNotifyPrefix>/fastspring`): the URL of the server webhook in the FastSpring app, with its HMAC SHA256 secret (docs/decisions/0053-popup-storefront.md). */
  fastspringWebhook: '/order/v5/pay/notify/fastspring',
  /** The sandbox gateway's hosted checkout page. */
  sandboxCheckout: '/order/v5/pay/sandbox/checkout',
  /** China build: an issued invoice's PDF, `GET <prefix>/<invoiceNo>` with the session from the HttpOnly ticket cookie or `Authorization: Bearer` (a `?utoken=` is refused, 0000015). */
  invoicePdfPrefix: '/order/v5/invoice/pdf',
  /** Overseas build: a receipt's or credit note's PDF, `GET <prefix>/<number>` with the session from the HttpOnly ticket cookie or `Authorization: Bearer` (a `?utoken=` is refused, 0000015); another member's answers 2600062. */
  receiptPdfPrefix: '/order/v5/receipt/pdf',
  /** The codes of one of my redeem-code orders as CSV (UTF-8 with BOM), `GET <prefix>/<orderNo>` with the session from the HttpOnly ticket cookie or `Authorization: Bearer` (a `?utoken=` is refused, 0000015). */
  redeemCodesCsvPrefix: '/order/v5/redeem/codes.csv',
  /** A personal data export's ZIP, `GET <prefix>/<token>`: the mailed single-use token (24 h) is the only credential, no session needed (2900002 when used or expired). */
  dataExportPrefix: '/user/v5/dataExport/download',
  /** POST: the cloud storage service's signed usage report (storage.ts), answered `{recorded, stale, unknown}`. */
  storageUsage: '/storage/v5/usage',
  /** Outside production: the development mailbox page and its JSON. */
  devMailbox: '/dev/mailbox',
  devMailboxJson: '/dev/mailbox.json',
  /** GET: the process is up, `{status:"ok"}`. */
  healthz: '/healthz',
  /** GET: database reachable and migrated: 200 `{status:"ok", checks}`, or 503 naming the failed check. */
  readyz: '/readyz',
  /** GET: Prometheus metrics; `Authorization: Bearer METRICS_TOKEN`, or loopback only when it is unset. */
  metrics: '/metrics',
} as const;

export function payNotifyPath(provider: string): string {
  return `${httpPaths.payNotifyPrefix}/${provider}`;
}

export function invoicePdfPath(invoiceNo: string): string {
  return `${httpPaths.invoicePdfPrefix}/${encodeURIComponent(invoiceNo)}`;
}

export function receiptPdfPath(number: string): string {
  return `${httpPaths.receiptPdfPrefix}/${encodeURIComponent(number)}`;
}

export function redeemCodesCsvPath(orderNo: string): string {
  return `${httpPaths.redeemCodesCsvPrefix}/${encodeURIComponent(orderNo)}`;
}

export function dataExportPath(token: string): string {
  return `${httpPaths.dataExportPrefix}/${encodeURIComponent(token)}`;
}
