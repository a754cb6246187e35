/**
 * A local fake of the Stripe API for the SDK to talk to (STRIPE_API_BASE),
 * checking what Stripe checks: the `Authorization: Bearer <secret key>`,
 * form-encoded parameters with Stripe's bracket notation, required
 * parameters, and `Idempotency-Key` replays; answering Stripe's JSON shapes
 * and its error shape `{error:{type, code, param, message}}`. Implements
 * POST /v1/checkout/sessions, POST /v1/refunds, GET /v1/refunds and GET
 * /v1/payment_intents/search, and the hosted page of a session's `url`:
 * its Pay button marks the session paid, posts a signed
 * `checkout.session.completed` to the webhook and redirects to
 * `success_url`. A refund posts a signed `charge.refunded`. Stripe Billing (subscription-mode
 * sessions, subscriptions, schedules, the billing portal and their events) is in
 * fake-stripe-billing.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createFakeBilling, readPriceData, StripeFakeError } from './fake-stripe-billing.ts';

/** Posts a signed event to the merchant's webhook; answers its status. */
export type Deliver = (body: string, headers: Record<string, string>) => Promise<{ status: number }>;

type Options = {
  secretKey: string;
  webhookSecret: string;
  /** Where events go: a function (tests inject) or a URL (the e2e server). */
  deliver: Deliver | string;
  port?: number;
};

type Session = {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  livemode: false;
  created: number;
  product: string;
  intentMetadata: Record<string, string>;
  /** subscription mode: what the session subscribes to, and what it made once paid */
  subscription: string | null;
  customer: string | null;
  price?: PriceOf;
  subscriptionMetadata?: Record<string, string>;
};
type PriceOf = ReturnType<typeof readPriceData>;
type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  paid: true;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};
type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
  latest_charge: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSec = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding back into an object: `a[b][0][c]=x` → {a:{b:[{c:'x'}]}}. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}
const missing = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
const invalid = (param: string, message: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });

function text(v: unknown, param: string, required = true): string {
  if (typeof v === 'string' && v !== '') return v;
  if (required) throw missing(param);
  return '';
}
function integer(v: unknown, param: string): number {
  const s = text(v, param);
  if (!/^\d+$/.test(s)) throw invalid(param, `Invalid integer: ${s}`);
  return Number(s);
}
const strings = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A webhook body signed the way Stripe signs it (`Stripe-Signature: t=…,v1=…`); `timestamp` in seconds. */
export function signedStripeEvent(
  secret: string,
  type: string,
  object: object,
  { timestamp = nowSec(), livemode = false }: { timestamp?: number; livemode?: boolean } = {},
) {
  const body = JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: timestamp,
    livemode,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp,
  });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(o: Options) {
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds: Record<string, unknown>[] = [];
  const replays = new Map<string, { status: number; body: string }>();
  const deliveries: { type: string; status: number }[] = [];
  let pending: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const billing = createFakeBilling((type, object) => send(type, object), url);

  const deliver: Deliver =
    typeof o.deliver === 'string'
      ? async (body, headers) => {
          const res = await fetch(o.deliver as string, { method: 'POST', headers, body });
          return { status: res.status };
        }
      : o.deliver;

  /** While muted, events are not delivered (a webhook lost on the way). */
  let muted = false;
  async function send(type: string, object: object) {
    if (muted) {
      deliveries.push({ type, status: 0 });
      return 0;
    }
    const event = signedStripeEvent(o.webhookSecret, type, object);
    const { status } = await deliver(event.body, event.headers);
    deliveries.push({ type, status });
    return status;
  }

  const publicSession = ({ product: _p, intentMetadata: _m, price: _pr, subscriptionMetadata: _sm, ...s }: Session) =>
    s;

  function createSubscriptionSession(p: Record<string, unknown>) {
    const items = p.line_items as Record<string, unknown>[] | undefined;
    if (!Array.isArray(items) || items.length !== 1) throw missing('line_items');
    const price = readPriceData(
      (items[0] as Record<string, unknown>).price_data,
      'line_items[0][price_data]',
      billing.products,
    );
    const sid = id('cs');
    const session: Session = {
      id: sid,
      object: 'checkout.session',
      amount_total: price.unit_amount,
      amount_subtotal: price.unit_amount,
      currency: price.currency,
      client_reference_id: text(p.client_reference_id, 'client_reference_id', false) || null,
      metadata: strings(p.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      success_url: text(p.success_url, 'success_url'),
      cancel_url: text(p.cancel_url, 'cancel_url', false) || null,
      url: `${url}/c/pay/${sid}`,
      livemode: false,
      created: nowSec(),
      product: billing.products.get(price.product)?.name ?? price.product,
      intentMetadata: {},
      subscription: null,
      customer: text(p.customer, 'customer', false) || null,
      price,
      subscriptionMetadata: strings((p.subscription_data as Record<string, unknown> | undefined)?.metadata),
    };
    sessions.set(sid, session);
    return publicSession(session);
  }

  /** A subscription-mode session paid: Stripe's events in its order (the session, then the subscription and its invoice). */
  async function paySubscription(s: Session) {
    const made = await billing.checkoutPaid({
      customer: s.customer,
      price: s.price!,
      subscriptionMetadata: s.subscriptionMetadata ?? {},
    });
    Object.assign(s, {
      status: 'complete',
      payment_status: 'paid',
      subscription: made.subscription.id,
      customer: made.subscription.customer,
      url: null,
    });
    const status = await send('checkout.session.completed', publicSession(s));
    await made.events();
    return { status, subscription: made.subscription };
  }

  function createSession(p: Record<string, unknown>) {
    if (text(p.mode, 'mode') === 'subscription') return createSubscriptionSession(p);
    if (text(p.mode, 'mode') !== 'payment') throw invalid('mode', 'This fake takes mode=payment or subscription.');
    const successUrl = text(p.success_url, 'success_url');
    const items = p.line_items as Record<string, unknown>[] | undefined;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    const item = items[0] as { quantity?: unknown; price_data?: Record<string, unknown> };
    const price = item.price_data;
    if (!price) throw missing('line_items[0][price_data]');
    const currency = text(price.currency, 'line_items[0][price_data][currency]');
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid('line_items[0][price_data][currency]', `Invalid currency: ${currency}`);
    const unit = integer(price.unit_amount, 'line_items[0][price_data][unit_amount]');
    const quantity = integer(item.quantity, 'line_items[0][quantity]');
    const product = text(
      (price.product_data as Record<string, unknown> | undefined)?.name,
      'line_items[0][price_data][product_data][name]',
    );
    const sid = id('cs');
    const session: Session = {
      id: sid,
      object: 'checkout.session',
      amount_total: unit * quantity,
      amount_subtotal: unit * quantity,
      currency,
      client_reference_id: text(p.client_reference_id, 'client_reference_id', false) || null,
      metadata: strings(p.metadata),
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      success_url: successUrl,
      cancel_url: text(p.cancel_url, 'cancel_url', false) || null,
      url: `${url}/c/pay/${sid}`,
      livemode: false,
      created: nowSec(),
      product,
      intentMetadata: strings((p.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
      subscription: null,
      customer: null,
    };
    sessions.set(sid, session);
    return publicSession(session);
  }

  /** The payer pays: the session completes with a PaymentIntent and its charge. */
  function pay(sid: string) {
    const s = sessions.get(sid);
    if (s?.status !== 'open') return null;
    const created = nowSec();
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: s.amount_total,
      amount_received: s.amount_total,
      currency: s.currency,
      status: 'succeeded',
      latest_charge: id('ch'),
      metadata: s.intentMetadata,
      livemode: false,
      created,
    };
    intents.set(intent.id, intent);
    charges.set(intent.latest_charge, {
      id: intent.latest_charge,
      object: 'charge',
      amount: s.amount_total,
      amount_captured: s.amount_total,
      amount_refunded: 0,
      currency: s.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      // Stripe copies the PaymentIntent's metadata onto the charges it creates
      metadata: { ...s.intentMetadata },
      livemode: false,
      created,
    });
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
    return s;
  }

  function createRefund(p: Record<string, unknown>) {
    const piId = text(p.payment_intent, 'payment_intent', false);
    const chId = text(p.charge, 'charge', false);
    if (!piId && !chId) throw missing('payment_intent');
    const intent = piId ? intents.get(piId) : undefined;
    const charge = charges.get(chId || intent?.latest_charge || '');
    if (!charge) {
      const [param, value] = piId ? ['payment_intent', piId] : ['charge', chId];
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param,
        message: `No such ${param}: '${value}'`,
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = p.amount === undefined ? left : integer(p.amount, 'amount');
    if (amount < 1 || amount > left) {
      throw invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      metadata: strings(p.metadata),
      status: 'succeeded',
      created: nowSec(),
    };
    refunds.push(refund);
    // Stripe notifies after it answered
    const snapshot = { ...charge, metadata: { ...charge.metadata } };
    pending = pending.then(() => send('charge.refunded', snapshot)).catch(() => undefined);
    return refund;
  }

  function searchIntents(query: string) {
    const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query);
    if (!m) throw invalid('query', `Invalid search query: ${query}`);
    const data = [...intents.values()].filter((i) => i.metadata[m[1]!] === m[2]);
    return { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data };
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${o.secretKey}`) {
      const shown = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`,
      });
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const intent = new URL(req.url ?? '', url).searchParams.get('payment_intent');
      const data = refunds.filter((r) => !intent || r.payment_intent === intent);
      return json(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    if (req.method === 'GET' && path === '/v1/payment_intents/search') {
      const query = new URL(req.url ?? '', url).searchParams.get('query') ?? '';
      return json(res, 200, searchIntents(query));
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const found = await billing.api(req.method, path, {});
      if (found !== null) return json(res, 200, found);
    }
    if (req.method !== 'POST')
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      });
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Expected a form-encoded body.' });
    }
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${path} ${key}` : undefined;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return json(res, replay.status, replay.body);
    const params = parseStripeForm(await readBody(req));
    let answer: unknown;
    if (path === '/v1/checkout/sessions') answer = createSession(params);
    else if (path === '/v1/refunds') answer = createRefund(params);
    // Stripe Billing (fake-stripe-billing.ts)
    else answer = await billing.api('POST', path, params);
    if (answer === null)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (POST: ${path}).`,
      });
    const body = JSON.stringify(answer);
    if (replayKey) replays.set(replayKey, { status: 200, body });
    return json(res, 200, body);
  }

  function checkoutPage(s: Session) {
    const amount = `${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><p>${escapeHtml(s.product)}</p><p data-testid="amount">${escapeHtml(amount)}</p><form method="post"><button type="submit">Pay</button></form>${s.cancel_url ? `<a href="${escapeHtml(s.cancel_url)}">Cancel</a>` : ''}</main></body></html>`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', url).pathname;
    const page = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(path);
    if (page) {
      const s = sessions.get(page[1]!);
      if (!s) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Something went wrong: this checkout session does not exist.');
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(s));
      }
      if (s.mode === 'subscription') {
        if (s.status === 'open') {
          const { status } = await paySubscription(s);
          if (status !== 200) {
            res.writeHead(502, { 'content-type': 'text/plain' });
            return res.end(`the merchant's webhook answered ${status}`);
          }
        }
        res.writeHead(303, { location: s.success_url });
        return res.end();
      }
      const paid = pay(s.id);
      if (paid) {
        const status = await send('checkout.session.completed', publicSession(paid));
        if (status !== 200) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          return res.end(`the merchant's webhook answered ${status}`);
        }
      }
      res.writeHead(303, { location: s.success_url });
      return res.end();
    }
    if (path.startsWith('/v1/')) {
      try {
        await api(req, res, path);
      } catch (e) {
        if (!(e instanceof StripeApiError) && !(e instanceof StripeFakeError)) throw e;
        json(res, e.status, { error: e.body });
      }
      return;
    }
    if (/^\/p\/session\/bps_test_[0-9a-f]+$/.test(path)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe billing portal</title></head><body><main><h1>Fake Stripe billing portal</h1><p>Payment methods</p></main></body></html>',
      );
    }
    // the test's control (e2e): the next period of the subscription carrying our id, paid or failed
    if (req.method === 'POST' && path === '/_fake/subscriptions/renew') {
      const q = new URL(req.url ?? '', url).searchParams;
      const found = billing.byRef(q.get('ref') ?? '');
      if (!found) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('no such subscription');
      }
      const invoice = await billing.renew(found.id, { fail: q.get('fail') === '1' });
      return json(res, 200, invoice);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  return {
    url,
    billing,
    /** A subscription-mode session's Pay, without a browser: its subscription, first invoice and their events. */
    async subscribe(sessionId: string) {
      const s = sessions.get(sessionId);
      if (s?.mode !== 'subscription' || s.status !== 'open')
        throw new Error(`no open subscription session ${sessionId}`);
      return paySubscription(s);
    },
    sessions,
    charges,
    refunds,
    deliveries,
    /** The session's Pay button, without a browser: completes it and posts the signed event. */
    async pay(sessionId: string, opts: { deliver?: boolean } = {}) {
      const paid = pay(sessionId);
      if (!paid) throw new Error(`no open session ${sessionId}`);
      const session = publicSession(paid);
      const status = opts.deliver === false ? null : await send('checkout.session.completed', session);
      return { session, status };
    },
    /** Waits for the events sent after an answer (refunds). */
    settled: () => pending,
    /** Stops (or resumes) delivering events: a lost webhook. */
    mute: (on: boolean) => {
      muted = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
