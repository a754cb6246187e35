/**
 * The request and answer shapes of the console's finance calls (docs/operations.md#orders,
 * #invoices-china): orders with their payment events and refunds, the refund-due queue, and the
 * queue of invoice applications.
 */
import { z } from 'zod';
import { ZListResponse, ZTime } from '../common.ts';
import { ZOrderStatus, ZPayMethod } from '../enum-schemas.ts';
import { CURRENCIES, ORDER_TYPES, PAYMENT_PROVIDERS } from '../enums.ts';
import { INVOICE_TYPES } from '../invoice.ts';
import { ZReason } from './console-shapes.ts';

const ZPaging = {
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
/** Minor units (cents, fen). */
const ZMinor = z.number().int().min(0).max(1_000_000_000);

/**
 * An authenticator-app or recovery code given in a money action's dialog, when the session's
 * last second factor is older than FRESH_SECOND_FACTOR_MINUTES (the server answers 2500010).
 */
export const ZFreshSecondFactor = { secondFactorCode: z.string().trim().min(6).max(32).optional() };

export const ZOrderFilter = z.object({
  status: ZOrderStatus.optional(),
  payMethod: ZPayMethod.optional(),
  /** The gateway that received the order's payment. */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  currency: z.enum(CURRENCIES).optional(),
  orderType: z.enum(ORDER_TYPES).optional(),
  /** The order's creation time, from (inclusive) and to (exclusive). */
  from: ZTime.optional(),
  to: ZTime.optional(),
  /** The amount paid, in minor units, inclusive. */
  amountMin: ZMinor.optional(),
  amountMax: ZMinor.optional(),
  /** The member: email, mobile in any spelling or account id. */
  user: z.string().trim().min(1).max(200).optional(),
  /** An order number, whole. */
  orderNo: z.string().trim().toUpperCase().min(1).max(64).optional(),
});
export type TOrderFilter = z.infer<typeof ZOrderFilter>;
export const ZOrderSearchRequest = ZOrderFilter.extend(ZPaging);

export const ZConsoleOrder = z.object({
  orderNo: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  userMobile: z.string().nullable(),
  goodsCode: z.string(),
  goodsName: z.string(),
  orderType: z.enum(ORDER_TYPES),
  channel: z.string(),
  status: ZOrderStatus,
  currency: z.enum(CURRENCIES),
  orderAmount: z.number().int(),
  discountAmount: z.number().int(),
  payAmount: z.number().int(),
  refundAmount: z.number().int(),
  payMethod: z.number().int().nullable(),
  /** The gateway of the received payment (null: none received). */
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  createdAt: ZTime,
  payTime: ZTime.nullable(),
});
export type TConsoleOrder = z.infer<typeof ZConsoleOrder>;
export const ZOrderSearchResponse = ZListResponse(ZConsoleOrder);

export const ZOrderRef = z.object({ orderNo: z.string().trim().toUpperCase().min(1).max(64) });

export const ZPaymentAttemptRow = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  payMethod: z.number().int(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  gatewayRef: z.string().nullable(),
  createdAt: ZTime,
});
export const ZPaymentEventRow = z.object({
  id: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** notify: the gateway's notification; query: a reconciliation question; answer: a refund's synchronous answer. */
  via: z.enum(['notify', 'query', 'answer']),
  tradeNo: z.string(),
  paid: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  outcome: z.string(),
  receivedAt: ZTime,
});
export const ZRefundRequestRow = z.object({
  refundNo: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  tradeNo: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  state: z.enum(['open', 'succeeded', 'failed']),
  gatewayRefundId: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: ZTime,
  settledAt: ZTime.nullable(),
});
export const ZConsoleOrderDetail = z.object({
  order: ZConsoleOrder.extend({
    couponCode: z.string().nullable(),
    startDate: ZTime.nullable(),
    endDate: ZTime.nullable(),
    updatedAt: ZTime,
  }),
  attempts: z.array(ZPaymentAttemptRow),
  events: z.array(ZPaymentEventRow),
  refunds: z.array(ZRefundRequestRow),
  /** What a refund may still take: paid, less refunded, less refunds still open at the gateway. */
  refundable: z.number().int(),
  /** `gateway`: asked of the gateway that took the payment; `recorded`: the money moves elsewhere (the sandbox, a payment without a refund API) and the console records it. */
  refundThrough: z.enum(['gateway', 'recorded']),
  /** Whether the order waits for its payment to be confirmed (reconciliation can settle it). */
  awaitingPayment: z.boolean(),
});
export type TConsoleOrderDetail = z.infer<typeof ZConsoleOrderDetail>;

export const ZOrderRefundRequest = ZOrderRef.extend({
  /** Minor units; none: everything not yet refunded or asked. */
  amount: z.number().int().min(1).max(1_000_000_000).optional(),
  reason: ZReason,
  ...ZFreshSecondFactor,
});
export const ZOrderRefundResponse = z.object({
  /** recorded / refunded: done; requested: asked of the gateway, the order changes when it confirms. */
  kind: z.enum(['recorded', 'refunded', 'requested']),
  refundNo: z.string().nullable(),
  provider: z.string().nullable(),
  amount: z.number().int(),
  status: ZOrderStatus,
  refundAmount: z.number().int(),
});

export const REFUND_DUE_KINDS = ['paidAfterCancel', 'paidTwice', 'refundOpen'] as const;
export const ZRefundDueRow = z.object({
  orderNo: z.string(),
  /** paidAfterCancel: a cancelled order paid afterwards; paidTwice: a second payment of a paid order; refundOpen: a refund asked and not yet confirmed by its gateway. */
  kind: z.enum(REFUND_DUE_KINDS),
  provider: z.string().nullable(),
  tradeNo: z.string().nullable(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  at: ZTime.nullable(),
});
export const ZRefundDueResponse = z.object({ rows: z.array(ZRefundDueRow) });

export const ZReconcileOrderRequest = ZOrderRef;
export const ZReconcileOrderResponse = z.object({
  /** What the gateway said: granted (now paid), failed, pending, unknown, duplicate, refundDue, none (no payment started). */
  outcome: z.string(),
  status: ZOrderStatus,
});

// ---- invoices (China)
export const CONSOLE_INVOICE_STATUSES = ['invoicing', 'reissuing', 'invoiced', 'failed', 'voided'] as const;
export const ZInvoiceQueueRequest = z.object({
  /** `pending`: invoicing and reissuing (the queue). */
  status: z.enum([...CONSOLE_INVOICE_STATUSES, 'pending']).optional(),
  /** An invoice number, the member's email, mobile or account id, or a title or tax number (part). */
  query: z.string().trim().min(1).max(200).optional(),
  from: ZTime.optional(),
  to: ZTime.optional(),
  ...ZPaging,
});
export const ZConsoleInvoice = z.object({
  invoiceNo: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  type: z.enum(INVOICE_TYPES),
  titleKind: z.string(),
  titleName: z.string(),
  taxNo: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number().int(),
  status: z.enum(CONSOLE_INVOICE_STATUSES),
  fiscalNo: z.string().nullable(),
  failReason: z.string().nullable(),
  reissueOf: z.string().nullable(),
  submitted: z.boolean(),
  hasFile: z.boolean(),
  appliedAt: ZTime,
  issuedAt: ZTime.nullable(),
  orderCount: z.number().int(),
});
export type TConsoleInvoice = z.infer<typeof ZConsoleInvoice>;
export const ZInvoiceQueueResponse = ZListResponse(ZConsoleInvoice).extend({
  /** The configured invoicing provider: sandbox, nuonuo or manual (finance uploads the issued file). */
  provider: z.string(),
});
export const ZInvoiceRef = z.object({ invoiceNo: z.string().trim().toUpperCase().min(1).max(64) });
export const ZConsoleInvoiceDetail = z.object({
  invoice: ZConsoleInvoice.extend({
    address: z.string(),
    phone: z.string(),
    bankName: z.string(),
    bankAccount: z.string(),
    redRef: z.string().nullable(),
  }),
  lines: z.array(z.object({ orderNo: z.string(), amount: z.number().int() })),
  provider: z.string(),
});
export const ZInvoiceActionRequest = ZInvoiceRef.extend({ reason: ZReason });
export const ZInvoiceVoidRequest = ZInvoiceActionRequest.extend(ZFreshSecondFactor);

/** The issued file from the tax system: a PDF or OFD, at most this many bytes. */
export const INVOICE_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
export const INVOICE_FILE_TYPES = ['application/pdf', 'application/ofd'] as const;
export const ZInvoiceUploadRequest = ZInvoiceActionRequest.extend({
  /** The invoice number the tax system gave (发票号码), 8 to 20 digits. */
  fiscalNo: z
    .string()
    .trim()
    .regex(/^\d{8,20}$/),
  /** When it was issued; default now. */
  issuedAt: ZTime.optional(),
  contentType: z.enum(INVOICE_FILE_TYPES),
  /** The file, base64. */
  data: z
    .string()
    .min(8)
    .max(Math.ceil((INVOICE_UPLOAD_MAX_BYTES * 4) / 3) + 8),
});
export const ZConsoleInvoiceAnswer = z.object({ invoice: ZConsoleInvoice });
