/**
 * The Stripe Billing part of the fake Stripe API (fake-stripe.ts): Products, subscriptions made
 * by a Checkout Session in `subscription` mode, `subscriptions.update` (cancel_at_period_end; a
 * new price with `proration_behavior=always_invoice` invoices the prorated difference at once),
 * subscription schedules (`from_subscription`, phases, release), billing portal sessions, and
 * the signed events Stripe sends for them (`invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.created/updated/deleted`). The tests (or the e2e run, through
 * `POST /_fake/subscriptions/renew`) move a subscription to its next period, paid or failed, or
 * end it, as Stripe's own clock and Smart Retries would.
 */
import { randomBytes } from 'node:crypto';

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const fid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const sec = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

type PriceData = { currency: string; unit_amount: number; product: string; interval: 'month' | 'year' };
type Item = {
  id: string;
  object: 'subscription_item';
  price: {
    id: string;
    object: 'price';
    product: string;
    unit_amount: number;
    currency: string;
    recurring: { interval: string };
  };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};
export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Item[] };
  schedule: string | null;
  livemode: false;
  created: number;
};
type Schedule = {
  id: string;
  object: 'subscription_schedule';
  subscription: string;
  status: 'active' | 'released';
  end_behavior: string;
  phases: { start_date: number; end_date: number; items: unknown[]; metadata: Record<string, string> }[];
  /** The plan of the phase after the current one, and its metadata. */
  next: { price: PriceData; metadata: Record<string, string> } | null;
};

/** The end of one interval after `start` (calendar months and years, in UTC). */
export function periodEnd(start: number, interval: string): number {
  const d = new Date(start * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

type Send = (type: string, object: object) => Promise<number>;
type Params = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
const notFound = (what: string, id: string) =>
  new StripeFakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
  });
const invalid = (param: string, message: string) =>
  new StripeFakeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });

export function readPriceData(v: unknown, param: string, products: Map<string, unknown>): PriceData {
  const p = (v ?? {}) as Params;
  const product = str(p.product);
  if (!product) throw invalid(`${param}[product]`, 'Missing required param: product.');
  if (!products.has(product)) throw notFound('product', product);
  const interval = str((p.recurring as Params | undefined)?.interval);
  if (interval !== 'month' && interval !== 'year')
    throw invalid(`${param}[recurring][interval]`, `Invalid interval: ${interval}`);
  const amount = str(p.unit_amount);
  if (!/^\d+$/.test(amount)) throw invalid(`${param}[unit_amount]`, `Invalid integer: ${amount}`);
  return { currency: str(p.currency), unit_amount: Number(amount), product, interval };
}

export function createFakeBilling(send: Send, url: string) {
  const products = new Map<string, { id: string; object: 'product'; name: string }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const schedules = new Map<string, Schedule>();
  const invoices: Record<string, unknown>[] = [];
  /** The next charge of a change of plan is declined (a card error). */
  let declineNext = false;
  const cancelledNow: string[] = [];

  const item = (price: PriceData, start: number): Item => ({
    id: fid('si'),
    object: 'subscription_item',
    price: {
      id: fid('price'),
      object: 'price',
      product: price.product,
      unit_amount: price.unit_amount,
      currency: price.currency,
      recurring: { interval: price.interval },
    },
    quantity: 1,
    current_period_start: start,
    current_period_end: periodEnd(start, price.interval),
  });

  function invoice(
    s: FakeSubscription,
    reason: string,
    amount: number,
    period: { start: number; end: number },
    paid: boolean,
  ) {
    const i = {
      id: fid('in'),
      object: 'invoice',
      customer: s.customer,
      currency: s.items.data[0]!.price.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      attempt_count: 1,
      next_payment_attempt: paid ? null : sec() + 3 * DAY,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: s.id, metadata: { ...s.metadata } },
        quote_details: null,
      },
      lines: { object: 'list', has_more: false, data: [{ id: fid('il'), object: 'line_item', amount, period }] },
      livemode: false,
      created: sec(),
    };
    invoices.push(i);
    return i;
  }

  const snapshot = (s: FakeSubscription) => JSON.parse(JSON.stringify(s)) as FakeSubscription;

  function sub(id: string) {
    const s = subscriptions.get(id);
    if (!s) throw notFound('subscription', id);
    return s;
  }

  /** A Checkout Session in subscription mode was paid: its customer, subscription and first invoice. */
  async function checkoutPaid(session: {
    customer: string | null;
    price: PriceData;
    subscriptionMetadata: Record<string, string>;
  }) {
    const start = sec();
    const s: FakeSubscription = {
      id: fid('sub'),
      object: 'subscription',
      customer: session.customer ?? fid('cus'),
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: session.subscriptionMetadata,
      items: { object: 'list', data: [item(session.price, start)] },
      schedule: null,
      livemode: false,
      created: start,
    };
    subscriptions.set(s.id, s);
    const it = s.items.data[0]!;
    const first = invoice(s, 'subscription_create', it.price.unit_amount, { start, end: it.current_period_end }, true);
    return {
      subscription: s,
      /** Stripe's events after the checkout completed (sent by the caller after checkout.session.completed). */
      events: async () => {
        await send('customer.subscription.created', snapshot(s));
        await send('invoice.paid', first);
      },
    };
  }

  async function update(id: string, p: Params) {
    const s = sub(id);
    if (s.status === 'canceled') throw invalid('subscription', 'A canceled subscription can only update its metadata.');
    if (p.cancel_at_period_end !== undefined) {
      if (s.schedule) throw invalid('cancel_at_period_end', 'The subscription is managed by a subscription schedule.');
      s.cancel_at_period_end = p.cancel_at_period_end === 'true';
      s.canceled_at = s.cancel_at_period_end ? sec() : null;
    }
    let proration: Record<string, unknown> | null = null;
    const items = p.items as Params[] | undefined;
    if (items?.[0]) {
      const current = s.items.data[0]!;
      if (str(items[0].id) !== current.id) throw notFound('subscription_item', str(items[0].id));
      const price = readPriceData(items[0].price_data, 'items[0][price_data]', products);
      if (str(p.proration_behavior) !== 'always_invoice')
        throw invalid('proration_behavior', 'this fake prorates with always_invoice');
      if (declineNext) {
        declineNext = false;
        throw new StripeFakeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        });
      }
      const now = sec();
      const { current_period_start: start, current_period_end: end } = current;
      const left = (end - now) / (end - start);
      const amount = Math.round((price.unit_amount - current.price.unit_amount) * left);
      s.items.data[0] = { ...item(price, start), current_period_end: end };
      if (p.metadata) s.metadata = { ...s.metadata, ...strings(p.metadata) };
      proration = invoice(s, 'subscription_update', Math.max(amount, 0), { start: now, end }, true);
    } else if (p.metadata) s.metadata = { ...s.metadata, ...strings(p.metadata) };
    const answer = snapshot(s);
    // Stripe notifies after it answered
    void (async () => {
      await send('customer.subscription.updated', answer);
      if (proration) await send('invoice.paid', proration);
    })();
    return answer;
  }

  function createSchedule(p: Params) {
    const s = sub(str(p.from_subscription));
    if (s.schedule) throw invalid('from_subscription', 'The subscription is already attached to a schedule.');
    const it = s.items.data[0]!;
    const schedule: Schedule = {
      id: fid('sub_sched'),
      object: 'subscription_schedule',
      subscription: s.id,
      status: 'active',
      end_behavior: 'release',
      phases: [
        {
          start_date: it.current_period_start,
          end_date: it.current_period_end,
          items: [{ price: it.price.id, quantity: 1 }],
          metadata: { ...s.metadata },
        },
      ],
      next: null,
    };
    schedules.set(schedule.id, schedule);
    s.schedule = schedule.id;
    return schedule;
  }

  function updateSchedule(id: string, p: Params) {
    const schedule = schedules.get(id);
    if (schedule?.status !== 'active') throw notFound('subscription_schedule', id);
    const phases = p.phases as Params[] | undefined;
    if (phases?.length !== 2) throw invalid('phases', 'this fake takes the current phase and one after it');
    const [now, next] = phases as [Params, Params];
    const s = sub(schedule.subscription);
    if (Number(now.end_date) !== s.items.data[0]!.current_period_end)
      throw invalid('phases[0][end_date]', 'must end at the period end');
    const nextItem = (next.items as Params[] | undefined)?.[0];
    schedule.next = {
      price: readPriceData(nextItem?.price_data, 'phases[1][items][0][price_data]', products),
      metadata: strings(next.metadata),
    };
    schedule.end_behavior = str(p.end_behavior) || 'release';
    return schedule;
  }

  function release(id: string) {
    const schedule = schedules.get(id);
    if (schedule?.status !== 'active') throw notFound('subscription_schedule', id);
    schedule.status = 'released';
    const s = sub(schedule.subscription);
    s.schedule = null;
    const answer = snapshot(s);
    void send('customer.subscription.updated', answer);
    return schedule;
  }

  /** The next period begins: the scheduled phase takes over, the invoice is paid (or fails: Smart Retries follow). */
  async function renew(id: string, opts: { fail?: boolean } = {}) {
    const s = sub(id);
    if (s.status === 'canceled') throw new Error(`subscription ${id} has ended`);
    const it = s.items.data[0]!;
    const start = it.current_period_end;
    const schedule = s.schedule ? schedules.get(s.schedule) : undefined;
    if (schedule?.next) {
      s.items.data[0] = item(schedule.next.price, start);
      s.metadata = { ...s.metadata, ...schedule.next.metadata };
      schedule.status = 'released';
      s.schedule = null;
    } else {
      s.items.data[0] = {
        ...it,
        current_period_start: start,
        current_period_end: periodEnd(start, it.price.recurring.interval),
      };
    }
    const now = s.items.data[0]!;
    s.status = opts.fail ? 'past_due' : 'active';
    const i = invoice(
      s,
      'subscription_cycle',
      now.price.unit_amount,
      { start, end: now.current_period_end },
      !opts.fail,
    );
    await send(opts.fail ? 'invoice.payment_failed' : 'invoice.paid', i);
    await send('customer.subscription.updated', snapshot(s));
    return i;
  }

  /** A failed invoice paid by a retry. */
  async function retryPaid(invoiceId: string) {
    const i = invoices.find((x) => x.id === invoiceId) as Record<string, unknown> & { amount_due: number };
    if (!i) throw new Error(`no invoice ${invoiceId}`);
    Object.assign(i, { status: 'paid', amount_paid: i.amount_due, attempt_count: 2, next_payment_attempt: null });
    const s = sub((i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription);
    s.status = 'active';
    await send('invoice.paid', i);
    await send('customer.subscription.updated', snapshot(s));
  }

  /** Stripe ends the subscription (its period ended after a cancel, or every retry failed). */
  async function end(id: string) {
    const s = sub(id);
    s.status = 'canceled';
    return send('customer.subscription.deleted', snapshot(s));
  }

  /** `subscriptions.cancel`: ended now (its schedule released), `customer.subscription.deleted` sent. */
  function cancelNow(id: string) {
    const s = sub(id);
    if (s.status === 'canceled') throw invalid('subscription', 'The subscription has already been canceled.');
    if (s.schedule) {
      const schedule = schedules.get(s.schedule);
      if (schedule) schedule.status = 'released';
      s.schedule = null;
    }
    s.status = 'canceled';
    s.canceled_at = sec();
    const answer = snapshot(s);
    void send('customer.subscription.deleted', answer);
    cancelledNow.push(id);
    return answer;
  }

  /** The API routes of Billing; null when the path is not one of them. */
  async function api(method: string, path: string, p: Params): Promise<unknown | null> {
    let m = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const product = products.get(decodeURIComponent(m[1]!));
      if (!product) throw notFound('product', m[1]!);
      return product;
    }
    if (path === '/v1/products' && method === 'POST') {
      const pid = str(p.id) || fid('prod');
      if (products.has(pid)) {
        throw new StripeFakeError(400, {
          type: 'invalid_request_error',
          code: 'resource_already_exists',
          message: `Product already exists.`,
        });
      }
      if (!str(p.name)) throw invalid('name', 'Missing required param: name.');
      const product = { id: pid, object: 'product' as const, name: str(p.name) };
      products.set(pid, product);
      return product;
    }
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m && method === 'GET') return snapshot(sub(m[1]!));
    if (m && method === 'POST') return update(m[1]!, p);
    if (m && method === 'DELETE') return cancelNow(m[1]!);
    if (path === '/v1/subscription_schedules' && method === 'POST') return createSchedule(p);
    m = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (m && method === 'GET') {
      const schedule = schedules.get(m[1]!);
      if (!schedule) throw notFound('subscription_schedule', m[1]!);
      return schedule;
    }
    if (m && method === 'POST') return m[2] ? release(m[1]!) : updateSchedule(m[1]!, p);
    if (path === '/v1/billing_portal/sessions' && method === 'POST') {
      const customer = str(p.customer);
      if (![...subscriptions.values()].some((s) => s.customer === customer)) throw notFound('customer', customer);
      const pid = fid('bps');
      return {
        id: pid,
        object: 'billing_portal.session',
        customer,
        return_url: str(p.return_url) || null,
        url: `${url}/p/session/${pid}`,
        livemode: false,
      };
    }
    return null;
  }

  return {
    products,
    subscriptions,
    schedules,
    invoices,
    api,
    checkoutPaid,
    renew,
    retryPaid,
    end,
    /** The subscriptions ended through `subscriptions.cancel` (DELETE), in order. */
    cancelledNow,
    /** The subscription carrying our id in its metadata. */
    byRef: (ref: string) => [...subscriptions.values()].find((s) => s.metadata.subscription_ref === ref),
    declineNextCharge: () => {
      declineNext = true;
    },
  };
}
export type FakeBilling = ReturnType<typeof createFakeBilling>;
