/**
 * PayPal (the official `@paypal/paypal-server-sdk`; docs/decisions/0028-paypal.md): an Orders v2
 * order per payment (intent CAPTURE, our order number as `custom_id` and `invoice_id`), the payer
 * sent to its approve link; the approved order is captured here — when the payer is back and
 * the order page asks (payState), on `CHECKOUT.ORDER.APPROVED`, or by reconciliation — always
 * with the same `PayPal-Request-Id`, so PayPal captures once. Webhooks are verified by PayPal's
 * verify-webhook-signature call with our webhook id (`PAYMENT.CAPTURE.COMPLETED` / `DENIED` /
 * `REFUNDED`, `CHECKOUT.ORDER.APPROVED`); refunds go through the captured payment with our
 * refund number as `PayPal-Request-Id` and `custom_id`. Amounts are decimal strings at PayPal.
 * The "merchant" checked in every report is the environment (`sandbox` or `live`): PayPal's
 * answers come under our credentials and its events are verified against our webhook id.
 */
import { randomUUID } from 'node:crypto';
import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:net';
import { Code } from '@ac/protocol/codes';
import type { TCheckoutReturn } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type OAuthToken,
  type Order,
  OrderStatus,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Refund,
  RefundStatus,
} from '@paypal/paypal-server-sdk';
import type { PaypalConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  fromDecimal,
  type PaymentGateway,
  type PaymentReport,
  type QueryResult,
  type RefundAnswer,
  type RefundNotice,
  refundRefusal,
  toDecimal,
} from './types.ts';

const TIMEOUT_MS = 10_000;
const API_BASE = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

type Options = {
  config: PaypalConfig;
  /** Where the payer returns: our order pages. */
  returnUrl: string;
};

/**
 * PAYPAL_API_BASE (tests): the SDK knows only PayPal's two hosts, so its HTTPS connections are
 * opened to the local fake instead, in clear; the requests themselves are unchanged.
 */
class LocalApiAgent extends HttpsAgent {
  constructor(private readonly base: URL) {
    super({ keepAlive: false });
  }
  override createConnection(): ReturnType<typeof connect> {
    return connect(Number(this.base.port || 80), this.base.hostname);
  }
}

/** The SDK client; PAYPAL_API_BASE (tests) points it at a local fake instead of PayPal. */
export function paypalClient(config: PaypalConfig, onToken?: (t: OAuthToken) => void): Client {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
      ...(onToken ? { oAuthOnTokenUpdate: onToken } : {}),
    },
    environment: config.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: TIMEOUT_MS,
    ...(base ? { httpClientOptions: { httpsAgent: new LocalApiAgent(base) } } : {}),
  });
}

/** PayPal's error shape (name, message, debug_id, details[].issue) from an SDK error. */
export function paypalError(e: unknown): { status: number; name: string; issue: string; message: string } {
  if (!(e instanceof ApiError)) return { status: 0, name: '', issue: '', message: (e as Error)?.message ?? String(e) };
  let body = e.result as Record<string, unknown> | undefined;
  if (!body && typeof e.body === 'string') {
    try {
      body = JSON.parse(e.body) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
  }
  const details = (body?.details as { issue?: string; description?: string }[] | undefined) ?? [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    status: e.statusCode,
    name: text(body?.name) || text(body?.error),
    issue: details[0]?.issue ?? '',
    message: [text(body?.message) || text(body?.error_description), details[0]?.description, text(body?.debug_id)]
      .filter(Boolean)
      .join(' · '),
  };
}

function providerFailed(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const p = paypalError(e);
  return new AppError(Code.paymentProviderFailed, `paypal ${p.status} ${p.name} ${p.issue}: ${p.message}`.trim());
}

/** PayPal refusing a refund (a 4xx other than authentication and throttling) or unreachable. */
function refundFailed(e: unknown): AppError {
  const p = paypalError(e);
  if (p.status < 400 || p.status >= 500 || p.status === 401 || p.status === 429) return providerFailed(e);
  const code =
    p.issue === 'REFUND_TIME_LIMIT_EXCEEDED'
      ? Code.refundPeriodOver
      : p.issue === 'REFUND_FAILED_INSUFFICIENT_FUNDS'
        ? Code.refundBalanceInsufficient
        : Code.refundRefused;
  return refundRefusal('paypal', p.issue || p.name || String(p.status), p.message, code);
}

const badSignature = (why: string) => new AppError(Code.badSignature, `paypal ${why}`);
const mismatch = (why: string) => new AppError(Code.paymentMismatch, `paypal ${why}`);

/** The amount of a PayPal money object in minor units (NaN when absent or malformed). */
const minor = (m: { value?: string } | undefined) => (m?.value ? fromDecimal(m.value) : Number.NaN);
const timeOf = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? new Date(iso) : null);

/** Our order number as a capture or purchase unit carries it: custom_id, and invoice_id agreeing. */
function orderNoOf(customId: string | undefined, invoiceId: string | undefined, what: string): string {
  if (!customId || (invoiceId !== undefined && invoiceId !== customId)) throw mismatch(`${what} names no order or two`);
  return customId;
}

type Capture = {
  id?: string;
  status?: string;
  amount?: { value?: string; currency_code?: string; currencyCode?: string };
  custom_id?: string;
  invoice_id?: string;
  customId?: string;
  invoiceId?: string;
  create_time?: string;
  createTime?: string;
};

export function createPaypalGateway(o: Options): PaymentGateway {
  let token: OAuthToken | undefined;
  const client = paypalClient(o.config, (t) => {
    token = t;
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  const merchant = o.config.environment;
  const apiBase = o.config.apiBase?.replace(/\/$/, '') ?? API_BASE[o.config.environment];
  const back = (orderNo: string, outcome: TCheckoutReturn) =>
    `${o.returnUrl}?${new URLSearchParams({ orderNo, checkout: outcome })}`;

  /** A capture (the SDK's model or a webhook's resource) as a report about our order. */
  function captureReport(c: Capture, expected?: string): QueryResult {
    const orderNo = orderNoOf(c.customId ?? c.custom_id, c.invoiceId ?? c.invoice_id, `capture ${c.id}`);
    if (expected !== undefined && orderNo !== expected) throw mismatch(`capture ${c.id} is for ${orderNo}`);
    const paid = [CaptureStatus.Completed, CaptureStatus.PartiallyRefunded, CaptureStatus.Refunded] as string[];
    const failed = [CaptureStatus.Declined, CaptureStatus.Failed] as string[];
    if (!paid.includes(c.status ?? '') && !failed.includes(c.status ?? '')) return { result: 'pending' };
    return {
      provider: 'paypal',
      orderNo,
      tradeNo: c.id ?? '',
      merchant,
      amount: minor(c.amount),
      currency: c.amount?.currencyCode ?? c.amount?.currency_code ?? '',
      result: paid.includes(c.status ?? '') ? 'paid' : 'failed',
      paidAt: paid.includes(c.status ?? '') ? timeOf(c.createTime ?? c.create_time) : null,
    };
  }

  /** What an order (as PayPal answers it) says about our order's payment. */
  function orderReport(order: Order, expected?: string): QueryResult {
    const unit = order.purchaseUnits?.[0];
    const orderNo = orderNoOf(unit?.customId, unit?.invoiceId, `order ${order.id}`);
    if (expected !== undefined && orderNo !== expected) throw mismatch(`order ${order.id} is for ${orderNo}`);
    const capture = unit?.payments?.captures?.[0];
    if (capture) return captureReport(capture, orderNo);
    if (order.status !== OrderStatus.Voided) return { result: 'pending' };
    return {
      provider: 'paypal',
      orderNo,
      tradeNo: order.id ?? '',
      merchant,
      amount: minor(unit?.amount),
      currency: unit?.amount?.currencyCode ?? '',
      result: 'failed',
      paidAt: null,
    };
  }

  /** Captures an approved order; the same request id every time, so PayPal captures it once. */
  async function capture(id: string): Promise<Order> {
    try {
      const res = await orders.captureOrder({ id, paypalRequestId: `capture-${id}`, prefer: 'return=representation' });
      return res.result;
    } catch (e) {
      // captured before under another request (PayPal keeps request ids for a limited time)
      if (paypalError(e).issue === 'ORDER_ALREADY_CAPTURED') return getOrder(id);
      throw providerFailed(e);
    }
  }

  async function getOrder(id: string): Promise<Order> {
    try {
      return (await orders.getOrder({ id })).result;
    } catch (e) {
      throw providerFailed(e);
    }
  }

  /** PayPal's verify-webhook-signature (not in the SDK): the transmission headers and our webhook id. */
  async function verifySignature(headers: Record<string, string | undefined>, event: unknown): Promise<string> {
    const transmission = {
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
    };
    const absent = Object.entries(transmission).find(([, v]) => !v);
    if (absent) throw badSignature(`event without its ${absent[0]} header`);
    let res: Response;
    try {
      token = await client.clientCredentialsAuthManager.updateToken(token);
      res = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...transmission, webhook_id: o.config.webhookId, webhook_event: event }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw providerFailed(e);
    }
    const body = (await res.json().catch(() => ({}))) as { verification_status?: string; name?: string };
    if (!res.ok)
      throw new AppError(
        Code.paymentProviderFailed,
        `paypal verify-webhook-signature ${res.status} ${body.name ?? ''}`,
      );
    return body.verification_status ?? '';
  }

  function refundAnswer(r: Refund): RefundAnswer {
    const refundId = r.id ?? '';
    switch (r.status) {
      case RefundStatus.Completed:
        return { state: 'succeeded', refundId, at: timeOf(r.createTime) };
      case RefundStatus.Failed:
      case RefundStatus.Cancelled:
        return { state: 'failed', refundId, reason: `${r.status} ${r.statusDetails?.reason ?? ''}`.trim() };
      default:
        return { state: 'pending', refundId };
    }
  }

  /** `PAYMENT.CAPTURE.REFUNDED`: the refund, checked against its capture as PayPal answers it. */
  async function refundNotice(resource: Record<string, unknown>): Promise<RefundNotice | null> {
    const links = (resource.links as { rel?: string; href?: string }[] | undefined) ?? [];
    const captureId = /\/v2\/payments\/captures\/([^/?]+)$/.exec(links.find((l) => l.rel === 'up')?.href ?? '')?.[1];
    if (!captureId) throw mismatch(`refund ${String(resource.id)} names no capture`);
    let captured: Capture;
    try {
      captured = (await payments.getCapturedPayment({ captureId })).result as Capture;
    } catch (e) {
      throw providerFailed(e);
    }
    const refund = resource as { id?: string; status?: string; custom_id?: string; amount?: Capture['amount'] };
    const refundId = refund.id ?? '';
    const answer = refundAnswer({
      id: refundId,
      status: refund.status as RefundStatus,
      createTime: resource.create_time as string | undefined,
    });
    // a pending refund: its final state comes by a later event or reconciliation
    if (answer.state !== 'succeeded' && answer.state !== 'failed') return null;
    return {
      provider: 'paypal',
      result: 'refundNotice',
      // ours carry our refund number; one made in PayPal's console is known by PayPal's id
      refundNo: refund.custom_id || refundId,
      orderNo: orderNoOf(captured.customId, captured.invoiceId, `capture ${captureId}`),
      tradeNo: captureId,
      merchant,
      total: minor(captured.amount),
      amount: minor(refund.amount),
      answer,
    };
  }

  return {
    name: 'paypal',
    merchant,
    currencies: ['USD'],
    async start(req) {
      let order: Order;
      try {
        const res = await orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                customId: req.orderNo,
                invoiceId: req.orderNo,
                description: req.subject.slice(0, 127) || req.orderNo,
                amount: { currencyCode: req.currency, value: toDecimal(req.amount) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: back(req.orderNo, 'paid'),
                  cancelUrl: back(req.orderNo, 'cancelled'),
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                },
              },
            },
          },
          paypalRequestId: randomUUID(),
          prefer: 'return=minimal',
        });
        order = res.result;
      } catch (e) {
        throw providerFailed(e);
      }
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!approve || !order.id)
        throw new AppError(Code.paymentProviderFailed, `paypal order ${order.id} has no approve link`);
      return { kind: 'page', payUrl: approve, reference: order.id };
    },
    async verify(n) {
      let event: { event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(n.rawBody) as typeof event;
      } catch {
        throw badSignature('event is not JSON');
      }
      const status = await verifySignature(n.headers, event);
      if (status !== 'SUCCESS') throw badSignature(`verify-webhook-signature answered ${status || 'nothing'}`);
      const resource = event.resource ?? {};
      switch (event.event_type) {
        case 'CHECKOUT.ORDER.APPROVED': {
          // the payer approved and may never come back: capture now
          const id = typeof resource.id === 'string' ? resource.id : '';
          if (!id) throw mismatch('approved order without an id');
          const report = orderReport(await capture(id));
          return report.result === 'paid' || report.result === 'failed' ? (report as PaymentReport) : null;
        }
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED': {
          const report = captureReport(resource as Capture);
          return report.result === 'paid' || report.result === 'failed' ? (report as PaymentReport) : null;
        }
        case 'PAYMENT.CAPTURE.REFUNDED':
          return refundNotice(resource);
        default:
          return null;
      }
    },
    async query(orderNo, reference) {
      if (!reference) return { result: 'unknown' };
      let order: Order;
      try {
        order = (await orders.getOrder({ id: reference })).result;
      } catch (e) {
        // an order never approved expires at PayPal
        if (paypalError(e).status === 404) return { result: 'unknown' };
        throw providerFailed(e);
      }
      if (order.status === OrderStatus.Approved) order = await capture(reference);
      return orderReport(order, orderNo);
    },
    async refund(r) {
      try {
        const res = await payments.refundCapturedPayment({
          captureId: r.tradeNo,
          paypalRequestId: r.refundNo,
          prefer: 'return=representation',
          body: { amount: { currencyCode: r.currency, value: toDecimal(r.amount) }, customId: r.refundNo },
        });
        return refundAnswer(res.result);
      } catch (e) {
        throw refundFailed(e);
      }
    },
    async queryRefund(r) {
      // without PayPal's id the answer was lost: reconciliation asks again under the same request id
      if (!r.gatewayRefundId) return { state: 'unknown' };
      let refund: Refund;
      try {
        refund = (await payments.getRefund({ refundId: r.gatewayRefundId })).result;
      } catch (e) {
        throw providerFailed(e);
      }
      if (minor(refund.amount) !== r.amount || (refund.customId && refund.customId !== r.refundNo)) {
        throw mismatch(`refund ${r.refundNo}`);
      }
      return refundAnswer(refund);
    },
    ack: {
      ok: { status: 200, contentType: 'application/json', body: JSON.stringify({ received: true }) },
      fail: { status: 400, contentType: 'application/json', body: JSON.stringify({ received: false }) },
    },
  };
}

export const PAYPAL_WEBHOOK_PATH = httpPaths.paypalWebhook;
