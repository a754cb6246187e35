/**
 * A local fake of PayPal's REST API for the SDK to talk to (PAYPAL_API_BASE), checking what
 * PayPal checks: OAuth 2 client credentials (HTTP Basic with the app's id and secret) for a
 * bearer token that every other call must carry; the JSON bodies of Orders v2 and Payments v2
 * (intent, amounts as decimal strings in the order's currency, return and cancel URLs, refund
 * amounts within what is left); `PayPal-Request-Id` replays answering the first answer again;
 * an order captured only once approved, and once; `invoice_id` captured once. It answers in
 * PayPal's shapes, errors as `{name, message, debug_id, details[{field, issue, description}]}`.
 *
 * Webhooks are signed as PayPal signs them — SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<crc32 of the body>` — and
 * POST /v1/notifications/verify-webhook-signature checks exactly that with the webhook id it is
 * given: SUCCESS only for an event it sent, unchanged, to that webhook.
 *
 * The approve link serves a page with Approve and Cancel buttons: Approve marks the order
 * APPROVED, sends CHECKOUT.ORDER.APPROVED and returns the payer to `return_url` with
 * `token` and `PayerID`; a capture sends PAYMENT.CAPTURE.COMPLETED, a refund
 * PAYMENT.CAPTURE.REFUNDED (after answering, as PayPal does).
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/** Posts an event to the merchant's webhook; answers its status. */
export type Deliver = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

type Options = {
  clientId: string;
  clientSecret: string;
  /** The id of the merchant's webhook: the events sent are signed for it. */
  webhookId: string;
  /** Where events go: a function (tests inject) or a URL (the e2e server); none: not sent. */
  deliver?: Deliver | string;
  port?: number;
};

type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method: string };
type Capture = {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: true;
  seller_protection: { status: string };
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
  links: Link[];
};
type Refund = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  amount: Money;
  custom_id?: string;
  create_time: string;
  update_time: string;
  links: Link[];
};
type PurchaseUnit = {
  reference_id: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  payments?: { captures: Capture[] };
};
type Order = {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: PurchaseUnit[];
  payer?: { payer_id: string; email_address: string };
  create_time: string;
  update_time: string;
  links: Link[];
  returnUrl: string;
  cancelUrl: string;
};

type Detail = { field?: string; issue: string; description: string; location?: string };
class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    override readonly name: string,
    message: string,
    readonly details: Detail[] = [],
  ) {
    super(message);
  }
}
const invalidRequest = (field: string, issue: string, description: string) =>
  new PaypalApiError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    [{ field, location: 'body', issue, description }],
  );
const unprocessable = (issue: string, description: string) =>
  new PaypalApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );
const notFound = (what: string) =>
  new PaypalApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', description: `Specified resource ID ${what} does not exist.` },
  ]);

const pid = (n = 17) => Array.from(randomBytes(n), (b) => 'ABCDEFGHJKLMNPRSTUVWXY0123456789'[b % 32]).join('');
const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** PayPal's amount rules for the currencies the fake takes (two decimals). */
const AMOUNT = /^(0|[1-9]\d{0,9})(\.\d{2})?$/;
const cents = (m: Money) => Math.round(Number(m.value) * 100);
const money = (currency: string, minor: number): Money => ({
  currency_code: currency,
  value: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function checkMoney(v: unknown, field: string): Money {
  const m = v as Partial<Money> | undefined;
  if (!m || typeof m !== 'object')
    throw invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  if (typeof m.currency_code !== 'string' || !/^[A-Z]{3}$/.test(m.currency_code)) {
    throw invalidRequest(
      `${field}/currency_code`,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  if (typeof m.value !== 'string' || !AMOUNT.test(m.value)) {
    throw invalidRequest(
      `${field}/value`,
      'INVALID_PARAMETER_SYNTAX',
      'The value of a field does not conform to the expected format.',
    );
  }
  return { currency_code: m.currency_code, value: m.value };
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;

export async function startFakePaypal(o: Options) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const ordersById = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const refunds = new Map<string, Refund>();
  const replays = new Map<string, { status: number; body: string }>();
  const deliveries: { type: string; status: number }[] = [];
  /** Every API request as received (method, path, PayPal-Request-Id, body), for the tests to read. */
  const requests: { method: string; path: string; requestId: string | undefined; body: unknown }[] = [];
  const refusals: { refund?: Detail & { status: number } } = {};
  let pending: Promise<unknown> = Promise.resolve();
  let muted = false;

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(e), debug_id: pid(13) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certUrl = `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`;

  const deliver: Deliver | undefined =
    typeof o.deliver === 'string'
      ? async (body, headers) => {
          const res = await fetch(o.deliver as string, { method: 'POST', headers, body });
          return { status: res.status };
        }
      : o.deliver;

  /** An event as PayPal sends it, signed for `webhookId` (the merchant's, unless a test says otherwise). */
  function signEvent(type: string, resource: object, webhookId = o.webhookId) {
    const resourceType = type.startsWith('CHECKOUT.ORDER')
      ? 'checkout-order'
      : type.split('.')[2] === 'REFUNDED'
        ? 'refund'
        : 'capture';
    const body = JSON.stringify({
      id: `WH-${pid(17)}-${pid(17)}`,
      event_version: '1.0',
      create_time: iso(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: `${type} (fake)`,
      resource,
      links: [{ href: `${url}/v1/notifications/webhooks-events/WH-fake`, rel: 'self', method: 'GET' }],
    });
    const transmissionId = randomUUID();
    const transmissionTime = iso();
    const signer = createSign('sha256');
    signer.update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`);
    const headers = {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': certUrl,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signer.sign(privateKey, 'base64'),
      'paypal-transmission-time': transmissionTime,
    };
    return { body, headers };
  }

  async function send(type: string, resource: object) {
    if (muted || !deliver) {
      deliveries.push({ type, status: 0 });
      return 0;
    }
    const event = signEvent(type, resource);
    const { status } = await deliver(event.body, event.headers);
    deliveries.push({ type, status });
    return status;
  }
  /** Events go after the answer, one after another. */
  const later = (type: string, resource: object) => {
    const snapshot = structuredClone(resource);
    pending = pending.then(() => send(type, snapshot)).catch(() => undefined);
  };

  function verifySignature(p: Record<string, unknown>) {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    for (const f of fields) {
      if (typeof p[f] !== 'string' || p[f] === '') {
        throw new PaypalApiError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
          { field: f, issue: 'Required field cannot be blank', description: `${f} is required.` },
        ]);
      }
    }
    if (!p.webhook_event || typeof p.webhook_event !== 'object') {
      throw new PaypalApiError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
        { field: 'webhook_event', issue: 'Required field cannot be blank', description: 'webhook_event is required.' },
      ]);
    }
    const expected = `${p.transmission_id}|${p.transmission_time}|${p.webhook_id}|${crc32(JSON.stringify(p.webhook_event))}`;
    const verifier = createVerify('sha256');
    verifier.update(expected);
    const ok =
      p.auth_algo === 'SHA256withRSA' &&
      p.cert_url === certUrl &&
      verifier.verify(publicKey, String(p.transmission_sig), 'base64');
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  }

  function publicOrder({ returnUrl: _r, cancelUrl: _c, ...order }: Order) {
    return order;
  }

  function createOrder(p: Record<string, unknown>) {
    if (p.intent !== 'CAPTURE' && p.intent !== 'AUTHORIZE') {
      throw invalidRequest(
        '/intent',
        p.intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
        'intent must be CAPTURE or AUTHORIZE.',
      );
    }
    const units = p.purchase_units as Record<string, unknown>[] | undefined;
    if (!Array.isArray(units) || units.length === 0) {
      throw invalidRequest('/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    }
    const unit = units[0]!;
    const amount = checkMoney(unit.amount, "/purchase_units/@reference_id=='default'/amount");
    if (cents(amount) < 1) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
    const context = (
      (p.payment_source as Record<string, unknown> | undefined)?.paypal as Record<string, unknown> | undefined
    )?.experience_context as Record<string, unknown> | undefined;
    for (const f of ['return_url', 'cancel_url'] as const) {
      if (typeof context?.[f] !== 'string' || !/^https?:\/\//.test(context[f] as string)) {
        throw invalidRequest(
          `/payment_source/paypal/experience_context/${f}`,
          'MISSING_REQUIRED_PARAMETER',
          `${f} is required for a payer to approve and come back.`,
        );
      }
    }
    const id = pid(17);
    const order: Order = {
      id,
      intent: p.intent,
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
          amount,
          ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
          ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
          ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
        },
      ],
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `${url}/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
      ],
      returnUrl: context!.return_url as string,
      cancelUrl: context!.cancel_url as string,
    };
    ordersById.set(id, order);
    return order;
  }

  /** The payer approves at PayPal. */
  function approve(id: string) {
    const order = ordersById.get(id);
    if (order?.status !== 'PAYER_ACTION_REQUIRED') return null;
    order.status = 'APPROVED';
    order.payer = { payer_id: pid(13), email_address: 'buyer@example.com' };
    order.update_time = iso();
    order.links = [
      { href: `${url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `${url}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
    return order;
  }

  function captureOrder(id: string) {
    const order = ordersById.get(id);
    if (!order) throw notFound(id);
    if (order.status === 'COMPLETED')
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    if (order.status !== 'APPROVED')
      throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const unit = order.purchase_units[0]!;
    const invoiceTaken = unit.invoice_id && [...captures.values()].some((c) => c.invoice_id === unit.invoice_id);
    if (invoiceTaken) throw unprocessable('DUPLICATE_INVOICE_ID', 'Duplicate Invoice ID detected.');
    const captureId = pid(17);
    const capture: Capture = {
      id: captureId,
      status: 'COMPLETED',
      amount: unit.amount,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE' },
      supplementary_data: { related_ids: { order_id: id } },
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
        { href: `${url}/v2/checkout/orders/${id}`, rel: 'up', method: 'GET' },
      ],
    };
    captures.set(captureId, capture);
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    order.update_time = iso();
    later('PAYMENT.CAPTURE.COMPLETED', capture);
    return order;
  }

  function refundCapture(captureId: string, p: Record<string, unknown>) {
    const capture = captures.get(captureId);
    if (!capture) throw notFound(captureId);
    const done = [...refunds.values()].filter((r) =>
      r.links.some((l) => l.rel === 'up' && l.href.endsWith(`/${captureId}`)),
    );
    const left = cents(capture.amount) - done.reduce((n, r) => n + (r.status === 'FAILED' ? 0 : cents(r.amount)), 0);
    if (left === 0) throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const amount = p.amount === undefined ? money(capture.amount.currency_code, left) : checkMoney(p.amount, '/amount');
    if (amount.currency_code !== capture.amount.currency_code) {
      throw unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    }
    if (cents(amount) < 1 || cents(amount) > left) {
      throw unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    if (refusals.refund) {
      const { status, ...detail } = refusals.refund;
      refusals.refund = undefined;
      throw status === 422
        ? unprocessable(detail.issue, detail.description)
        : new PaypalApiError(status, 'INTERNAL_SERVER_ERROR', detail.description);
    }
    const id = pid(17);
    const refund: Refund = {
      id,
      status: 'COMPLETED',
      amount,
      ...(typeof p.custom_id === 'string' ? { custom_id: p.custom_id } : {}),
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${url}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, refund);
    capture.status = cents(amount) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    later('PAYMENT.CAPTURE.REFUNDED', refund);
    return refund;
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': pid(13) });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  function token(req: IncomingMessage, body: string) {
    const basic = `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(accessToken);
    const scope = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund';
    return {
      status: 200,
      body: {
        scope,
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${iso()}${pid(20)}`,
      },
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const raw = await readBody(req);
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const t = token(req, raw);
      return json(res, t.status, t.body);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      throw new PaypalApiError(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    }
    let body: Record<string, unknown> = {};
    if (req.method === 'POST' && raw !== '') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        throw new PaypalApiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'The server does not support the request payload’s media type.',
        );
      }
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw new PaypalApiError(
          400,
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }],
        );
      }
    }
    const requestId =
      typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    requests.push({ method: req.method ?? '', path, requestId, body });
    const replayKey = req.method === 'POST' && requestId ? `${path} ${requestId}` : undefined;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return json(res, replay.status, replay.body);

    let status = 200;
    let answer: unknown;
    const m = (re: RegExp) => re.exec(path)?.[1];
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') answer = verifySignature(body);
    else if (req.method === 'POST' && path === '/v2/checkout/orders') {
      status = 201;
      answer = publicOrder(createOrder(body));
    } else if (req.method === 'GET' && m(/^\/v2\/checkout\/orders\/([A-Z0-9]+)$/)) {
      const order = ordersById.get(m(/^\/v2\/checkout\/orders\/([A-Z0-9]+)$/)!);
      if (!order) throw notFound(path.split('/').pop()!);
      answer = publicOrder(order);
    } else if (req.method === 'POST' && m(/^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/)) {
      status = 201;
      answer = publicOrder(captureOrder(m(/^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/)!));
    } else if (req.method === 'GET' && m(/^\/v2\/payments\/captures\/([A-Z0-9]+)$/)) {
      answer =
        captures.get(m(/^\/v2\/payments\/captures\/([A-Z0-9]+)$/)!) ??
        (() => {
          throw notFound(path.split('/').pop()!);
        })();
    } else if (req.method === 'POST' && m(/^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/)) {
      status = 201;
      answer = refundCapture(m(/^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/)!, body);
    } else if (req.method === 'GET' && m(/^\/v2\/payments\/refunds\/([A-Z0-9]+)$/)) {
      answer =
        refunds.get(m(/^\/v2\/payments\/refunds\/([A-Z0-9]+)$/)!) ??
        (() => {
          throw notFound(path.split('/').pop()!);
        })();
    } else {
      throw new PaypalApiError(404, 'NOT_FOUND', `No route for ${req.method} ${path}.`);
    }
    const text = JSON.stringify(answer);
    if (replayKey) replays.set(replayKey, { status, body: text });
    return json(res, status, text);
  }

  function approvePage(order: Order) {
    const unit = order.purchase_units[0]!;
    const amount = `${unit.amount.value} ${unit.amount.currency_code}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake PayPal Checkout</title></head><body><main><h1>Fake PayPal Checkout</h1><p>${escapeHtml(unit.description ?? '')}</p><p data-testid="amount">${escapeHtml(amount)}</p><form method="post"><button type="submit" name="action" value="approve">Approve</button> <button type="submit" name="action" value="cancel">Cancel</button></form></main></body></html>`;
  }

  const withParams = (target: string, params: Record<string, string>) => {
    const u = new URL(target);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const here = new URL(req.url ?? '/', url);
    if (here.pathname === '/checkoutnow') {
      const order = ordersById.get(here.searchParams.get('token') ?? '');
      if (!order) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Things don’t appear to be working at the moment: this order does not exist.');
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(approvePage(order));
      }
      const action = new URLSearchParams(await readBody(req)).get('action');
      if (action === 'cancel') {
        res.writeHead(303, { location: withParams(order.cancelUrl, { token: order.id }) });
        return res.end();
      }
      const approved = approve(order.id);
      if (approved) later('CHECKOUT.ORDER.APPROVED', publicOrder(approved));
      res.writeHead(303, {
        location: withParams(order.returnUrl, { token: order.id, PayerID: order.payer?.payer_id ?? '' }),
      });
      return res.end();
    }
    if (/^\/v[12]\//.test(here.pathname)) {
      try {
        await api(req, res, here.pathname);
      } catch (e) {
        if (!(e instanceof PaypalApiError)) throw e;
        json(res, e.status, {
          name: e.name,
          message: e.message,
          debug_id: pid(13).toLowerCase(),
          ...(e.details.length ? { details: e.details } : {}),
          links: [
            {
              href: 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/',
              rel: 'information_link',
              method: 'GET',
            },
          ],
        });
      }
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  return {
    url,
    orders: ordersById,
    captures,
    refunds,
    requests,
    deliveries,
    /** The approve page's Approve button, without a browser (CHECKOUT.ORDER.APPROVED follows unless `deliver: false`). */
    approve(id: string, opts: { deliver?: boolean } = {}) {
      const approved = approve(id);
      if (!approved) throw new Error(`no order awaiting approval ${id}`);
      if (opts.deliver !== false) later('CHECKOUT.ORDER.APPROVED', publicOrder(approved));
      return publicOrder(approved);
    },
    /** A signed event as PayPal would send it (for tests that post it themselves). */
    signEvent,
    /** The next refund is refused (`status` 422 with `issue`) or fails (500). */
    refuseNextRefund(status: number, issue: string, description = issue) {
      refusals.refund = { status, issue, description };
    },
    /** Waits for the events sent after answers, and for those they led to. */
    async settled() {
      let seen: Promise<unknown>;
      do {
        seen = pending;
        await seen;
      } while (seen !== pending);
    },
    /** Stops (or resumes) delivering events: a lost webhook. */
    mute: (on: boolean) => {
      muted = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
