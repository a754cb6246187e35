/**
 * The payment gateway interface (docs/architecture.md#the-system adapters: sandbox | Alipay |
 * WeChat Pay). A gateway starts a payment, verifies its own notifications
 * and answers queries; the payments service does everything else.
 */
import { Code, type TCode } from '@ac/protocol/codes';
import type { TStorefrontPopup } from '@ac/protocol/commerce';
import type { TCurrency, TPayMethod, TPaymentProvider } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import type { AgreementReport, BillingReport } from './billing.ts';

export type PaymentRequest = {
  orderNo: string;
  /** Integer minor units. */
  amount: number;
  currency: TCurrency;
  subject: string;
  payMethod: TPayMethod;
  /** The order's goods and buyer (the popup storefront sells the goods' product and tags the account). */
  goodsCode?: string;
  userId?: string;
};

/**
 * `page`: open `payUrl` in a new page; `qr`: show `qrCode` (a URL) as a QR code. `reference`: the
 * gateway's own id of the payment, kept with the attempt, when only it finds the payment again
 * (PayPal's order id); it is handed back to `query`.
 */
export type PaymentStart = (
  | { kind: 'page'; payUrl: string }
  | { kind: 'qr'; qrCode: string }
  /** `popup`: the web loads the provider's script and opens its storefront over the page (FastSpring). */
  | { kind: 'popup'; popup: TStorefrontPopup }
) & {
  reference?: string;
};

/** A gateway's statement about one order, after its signature was verified. */
export type PaymentReport = {
  provider: TPaymentProvider;
  orderNo: string;
  tradeNo: string;
  merchant: string;
  amount: number;
  currency: string;
  /** paid: money received; failed: the payment failed or was closed. */
  result: 'paid' | 'failed';
  paidAt: Date | null;
  /** The tax within `amount` as the gateway reports it (Stripe's automatic tax, PayPal's tax total), minor units; absent when it reports none. */
  tax?: number | null;
};

/**
 * A gateway's statement that money of a payment went back (Stripe's
 * `charge.refunded`), after its signature was verified. `refundedTotal` is
 * cumulative, so a repeated statement changes nothing.
 */
export type RefundReport = {
  provider: TPaymentProvider;
  result: 'refunded';
  /** Our order number as the gateway carries it (metadata); null when it carries none. */
  orderNo: string | null;
  /** The gateway's payment (Stripe: the PaymentIntent) — the tradeNo of the payment report. */
  tradeNo: string;
  merchant: string;
  /** The amount of the payment refunded from, minor units. */
  amount: number;
  currency: string;
  /** Everything refunded of that payment so far, minor units. */
  refundedTotal: number;
  at: Date;
};

/**
 * A refund asked of the gateway: `amount` of the payment `tradeNo` (of `total`) for our order,
 * under our refund number — the gateway's idempotency key, so asking again never refunds twice.
 */
export type RefundRequest = {
  refundNo: string;
  orderNo: string;
  tradeNo: string;
  amount: number;
  total: number;
  currency: TCurrency;
  /** The gateway's id of this refund, when an earlier answer gave one. */
  gatewayRefundId?: string | null;
};

/** What a gateway says of one refund request. */
export type RefundAnswer =
  /** the money went back */
  | { state: 'succeeded'; refundId: string; at: Date | null }
  /** accepted: its notification (or a later query) tells the outcome */
  | { state: 'pending'; refundId: string }
  /** closed or abnormal: the money did not go back */
  | { state: 'failed'; refundId: string; reason: string }
  /** the gateway knows no refund under this number (never received, or it failed) */
  | { state: 'unknown' };

/**
 * A gateway's verified notification of one refund request's outcome (WeChat Pay's
 * `REFUND.SUCCESS` / `REFUND.ABNORMAL` / `REFUND.CLOSED`), checked against the request it names.
 */
export type RefundNotice = {
  provider: TPaymentProvider;
  result: 'refundNotice';
  refundNo: string;
  orderNo: string;
  tradeNo: string;
  merchant: string;
  /** The payment's amount and the refund's, minor units. */
  total: number;
  amount: number;
  answer: Extract<RefundAnswer, { state: 'succeeded' | 'failed' }>;
};

export type QueryResult = PaymentReport | { result: 'pending' } | { result: 'unknown' };

/** A notification as it arrived: the raw body (signatures cover it) and the headers. */
export type IncomingNotification = { rawBody: string; headers: Record<string, string | undefined> };

/** What the gateway expects back: its own acknowledgement format. */
export type Acknowledgement = { status: number; contentType: string; body: string };

export type PaymentGateway = {
  name: TPaymentProvider;
  /** The merchant this server is at this gateway (checked in every report). */
  merchant: string;
  currencies: readonly TCurrency[];
  start(req: PaymentRequest): Promise<PaymentStart>;
  /**
   * The verified report of a notification; throws AppError(badSignature) when it is not genuine.
   * Absent (with `ack`) for a gateway whose notifications are batches of events with a route of
   * their own (FastSpring: store-purchases/fastspring-events.ts).
   */
  verify?(
    n: IncomingNotification,
  ): Promise<PaymentReport | RefundReport | RefundNotice | BillingReport | AgreementReport | null>;
  /** The state of an order's payment; `reference` is what `start` returned for its latest attempt. */
  query(orderNo: string, reference?: string | null): Promise<QueryResult>;
  ack?: { ok: Acknowledgement; fail: Acknowledgement };
  /**
   * Asks the gateway to return money (gateways with a refund API). Throws AppError with a
   * refusal code (2000011-2000013) when the gateway refused it, 2000007 when its answer is
   * unknown (the request may have been taken: ask again with the same refund number).
   */
  refund?(r: RefundRequest): Promise<RefundAnswer>;
  /** The state of a refund asked before (its answer was lost, or it was pending). */
  queryRefund?(r: RefundRequest): Promise<RefundAnswer>;
  /** Stops background work (the sandbox's notification deliveries). */
  close?(): Promise<void>;
};

/** The codes of a gateway refusing a refund: the request failed and no money moved. */
export const REFUND_REFUSALS: readonly TCode[] = [
  Code.refundRefused,
  Code.refundBalanceInsufficient,
  Code.refundPeriodOver,
];

/** A gateway's refusal of a refund, keeping its own code and message for the operator. */
export function refundRefusal(
  provider: TPaymentProvider,
  gatewayCode: string,
  message: string,
  code: TCode = Code.refundRefused,
): AppError {
  const reason = `${provider} ${gatewayCode}${message ? ` (${message})` : ''}`;
  return code === Code.refundRefused ? new AppError(code, undefined, { reason }) : new AppError(code, reason);
}

/** Minor units → a decimal string of the major unit ("128.00"), as Alipay and others expect. */
export function toDecimal(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string of the major unit → minor units; NaN when it is not a plain amount. */
export function fromDecimal(text: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The log the payment code writes to (Fastify's logger, or the admin command line's). */
export type PaymentLog = {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};
