/**
 * The fault scenarios of docs/reliability.md#faults, shared by their short
 * forms in the unit run (server/src/faults/*.test.ts) and their long forms
 * in `npm run bench:faults -w bench` (bench/faults.ts): accounts and redeem
 * codes set up through the services, a load of redemptions, orders with
 * their sandbox payment notifications and mailed login codes through the
 * SDK, and the SQL checks that must hold after any fault.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createClient } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths, payNotifyPath } from '@ac/protocol/http-paths';
import pg from 'pg';
import { sandboxHeaders } from '../src/adapters/payments/sandbox-signing.ts';
import { stderrLog } from '../src/admin/admin-context.ts';
import { createServices } from '../src/app/services.ts';
import { loadConfig } from '../src/config/config.ts';
import { databaseOptions, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';

/** The sandbox gateway's key in the fault runs. */
export const FAULT_SANDBOX_SECRET = 'fault-run-sandbox-secret-0123456789abcdef';
/** A request that has not answered by then counts as hanging. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The server's environment in a fault run: PostgreSQL, SMTP, the sandbox gateway, client addresses from X-Forwarded-For. */
export function faultServerEnv(databaseUrl: string, smtpUrl: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    SANDBOX_PAYMENT_SECRET: FAULT_SANDBOX_SECRET,
    PAYMENT_PROVIDERS: 'sandbox',
    TRUST_PROXY: '1',
    CODE_RESEND_SECONDS: '1',
    ...extra,
  };
}

export type LoadAccount = { userId: string; token: string; email: string };
export type Fixture = { accounts: LoadAccount[]; codes: { code: string; serialNo: string }[] };

/** `accounts` activated accounts with a session, and `codes` unused redeem codes (ML5, 30 days). */
export async function prepareFixture(env: Record<string, string>, accounts: number, codes: number): Promise<Fixture> {
  const config = loadConfig({ ...env, JOBS_SCHEDULE: 'false' });
  const database = await openDatabase(databaseOptions(config));
  const db = database.db;
  const services = createServices({ config, db, log: stderrLog });
  try {
    const list: LoadAccount[] = [];
    for (let i = 0; i < accounts; i++) {
      const email = `fault-${randomUUID()}@example.com`;
      const [user] = await db
        .insert(users)
        .values({ name: email.split('@')[0]!, nickName: 'Fault', email, isActivate: true })
        .returning({ id: users.id });
      const token = await services.sessions.createSession(user!.id, {
        clientInfo: { clientType: 'User_PC', clientVersion: '1.0', language: 'en' },
        ip: '127.0.0.1',
        userAgent: 'fault-run',
      });
      list.push({ userId: user!.id, token, email });
    }
    const issued = [];
    for (let left = codes; left > 0; left -= 500) {
      const batch = await services.redeemIssue.issue({
        goodsCode: 'ML5',
        count: Math.min(500, left),
        days: 30,
        source: 'paidPurchase',
      });
      issued.push(...batch.map((c) => ({ code: c.code, serialNo: c.serialNo })));
    }
    return { accounts: list, codes: issued };
  } finally {
    await services.close();
    await database.close();
  }
}

const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The SDK as a client behind the trusted proxy: each request from another address (per-IP limits see many clients). */
export function loadClient(origin: string) {
  return createClient({
    baseUrl: origin,
    clientInfo: { clientType: 'User_PC', clientVersion: '1.0', language: 'en' },
    fetch: (input, init) =>
      globalThis.fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': someIp() },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
  });
}

/** What the load saw: answers by code, and what the server acknowledged. */
export type LoadLog = {
  answers: Map<string, number>;
  /** Requests without an answer: refused connections (server gone) and timeouts (`hung`). */
  noAnswer: number;
  hung: number;
  redeemed: { serialNo: string; userId: string }[];
  /** Orders whose paid notification the server answered `success`. */
  paid: string[];
  /** Addresses whose login code the server accepted. */
  mailed: string[];
  /** Answers with their time (ms since the load began), for the outage scenarios. */
  timeline: { at: number; code: string }[];
};

export function newLoadLog(): LoadLog {
  return { answers: new Map(), noAnswer: 0, hung: 0, redeemed: [], paid: [], mailed: [], timeline: [] };
}

/**
 * Runs `workers` loops until `stop()` is true, each on its own account:
 * once per account ask for a login code by mail, redeem the next code (each
 * code is given to two loops), create an order, start its sandbox payment
 * and post the paid notification.
 */
export async function runLoad(origin: string, fixture: Fixture, log: LoadLog, stop: () => boolean, workers = 20) {
  const client = loadClient(origin);
  const began = performance.now();
  let nextCode = 0;
  const mailed = new Set<string>();
  const record = (code: string) => {
    log.answers.set(code, (log.answers.get(code) ?? 0) + 1);
    log.timeline.push({ at: performance.now() - began, code });
  };
  const attempt = async <T>(f: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await f();
    } catch (e) {
      log.noAnswer += 1;
      if ((e as Error).name === 'TimeoutError') log.hung += 1;
      record('no answer');
      return undefined;
    }
  };
  const loop = async (w: number) => {
    for (let round = 0; !stop(); round++) {
      const account = fixture.accounts[(w + round * workers) % fixture.accounts.length]!;
      const token = account.token;
      if (!mailed.has(account.email)) {
        mailed.add(account.email);
        const sent = await attempt(() =>
          client.send(calls.codes.sendEmailCode, { email: account.email, purpose: 'login' }),
        );
        if (sent) {
          record(sent.code);
          if (sent.code === Code.ok) log.mailed.push(account.email);
        }
        if (stop()) break;
      }
      const c = fixture.codes[Math.floor(nextCode++ / 2) % fixture.codes.length]!;
      const redeemed = await attempt(() => client.send(calls.redeem.exchange, { code: c.code }, { token }));
      if (redeemed) {
        record(redeemed.code);
        if (redeemed.code === Code.ok) log.redeemed.push({ serialNo: c.serialNo, userId: account.userId });
      }
      if (stop()) break;
      const created = await attempt(() => client.send(calls.orders.create, { goodsCode: 'ML2' }, { token }));
      if (created) record(created.code);
      const order = created?.code === Code.ok ? created.data : undefined;
      if (order && !stop()) {
        const started = await attempt(() =>
          client.send(calls.payments.pay, { orderNo: order.orderNo, payMethod: 2 }, { token }),
        );
        if (started) record(started.code);
        if (started?.code === Code.ok && !stop()) {
          const noted = await attempt(() =>
            notifyPaid(origin, order.orderNo, order.orderAmount.amount, order.orderAmount.currency),
          );
          if (noted) {
            record(noted.ok ? 'notification success' : `notification ${noted.status}`);
            if (noted.ok) log.paid.push(order.orderNo);
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
}

/** Posts the sandbox gateway's signed paid notification; `ok` when the server answered `success`. */
export async function notifyPaid(origin: string, orderNo: string, amount: number, currency: string) {
  const tradeNo = `SBXfault${randomUUID().replace(/-/g, '')}`;
  const body = JSON.stringify({
    notifyId: `${tradeNo}:paid`,
    merchant: 'ac-sandbox',
    tradeNo,
    orderNo,
    amount,
    currency,
    status: 'paid',
    decidedAt: new Date().toISOString(),
  });
  const res = await fetch(`${origin}${payNotifyPath('sandbox')}`, {
    method: 'POST',
    headers: { ...sandboxHeaders(FAULT_SANDBOX_SECRET, body), 'x-forwarded-for': someIp() },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { ok: res.status === 200 && text === 'success', status: res.status };
}

/** GET /readyz: true when ready. */
export async function ready(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}${httpPaths.readyz}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The invariants after a fault, each a list of offending rows (all empty when the data is whole). */
export type Checks = Record<string, string[]>;

export async function sqlChecks(databaseUrl: string, log: LoadLog): Promise<Checks> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const list = async (text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows.map((r) => Object.values(r).join(' '));
  // the run's own accounts (a development server also holds the demo data)
  const mine = `(select id from users where email like 'fault-%@example.com')`;
  try {
    return {
      // nothing granted twice
      doubleGrants: await list(
        `select source_type, source_id, count(*) from memberships
         where source_type in ('order', 'redeem') and user_id in ${mine} group by 1, 2 having count(*) > 1`,
      ),
      // nothing half-written: a paid order has its grant, a grant its paid order or exchanged code
      paidOrdersWithoutGrant: await list(
        `select order_no from orders o where o.status = 1 and o.redeem_serial_no is null and o.user_id in ${mine}
         and not exists (select 1 from memberships m where m.source_type = 'order' and m.source_id = o.order_no)`,
      ),
      grantsWithoutPaidOrder: await list(
        `select m.source_id from memberships m left join orders o on o.order_no = m.source_id
         where m.source_type = 'order' and m.user_id in ${mine} and (o.order_no is null or o.status <> 1)`,
      ),
      exchangedCodesWithoutGrantOrOrder: await list(
        `select serial_no from redeem_codes c where c.state = 'exchanged' and c.redeemed_by in ${mine} and (
           not exists (select 1 from memberships m where m.source_type = 'redeem' and m.source_id = c.serial_no)
           or not exists (select 1 from orders o where o.redeem_serial_no = c.serial_no))`,
      ),
      redeemGrantsWithoutExchangedCode: await list(
        `select m.source_id from memberships m left join redeem_codes c on c.serial_no = m.source_id
         where m.source_type = 'redeem' and m.user_id in ${mine} and (c.serial_no is null or c.state <> 'exchanged' or c.redeemed_by <> m.user_id)`,
      ),
      grantedNotificationsOfUnpaidOrders: await list(
        `select n.order_no from payment_notifications n join orders o on o.order_no = n.order_no
         where n.outcome = 'granted' and o.user_id in ${mine} and o.status <> 1`,
      ),
      outboxRowsWithoutJob: await list(
        `select o.id from outbox o where o.channel = 'mail' and o.sent_at is null and not exists
         (select 1 from pgboss.job j where j.name = 'mail-delivery' and j.data->>'outboxId' = o.id::text)`,
      ),
      // every acknowledged notification applied, every acknowledged redemption kept
      acknowledgedPaymentsNotApplied: await list(
        `select order_no from unnest($1::text[]) as a(order_no) where not exists
         (select 1 from orders o join memberships m on m.source_type = 'order' and m.source_id = o.order_no
          where o.order_no = a.order_no and o.status = 1)`,
        [log.paid],
      ),
      acknowledgedRedemptionsLost: await list(
        `select serial_no from unnest($1::text[], $2::uuid[]) as a(serial_no, user_id) where not exists
         (select 1 from redeem_codes c where c.serial_no = a.serial_no and c.state = 'exchanged' and c.redeemed_by = a.user_id)`,
        [log.redeemed.map((r) => r.serialNo), log.redeemed.map((r) => r.userId)],
      ),
      acknowledgedMailsWithoutOutboxRow: await list(
        `select address from unnest($1::text[]) as a(address)
         where not exists (select 1 from outbox o where o.recipient = a.address)`,
        [log.mailed],
      ),
    };
  } finally {
    await client.end();
  }
}

/** Only the failed checks, for a test's expectation (`{}` when the data is whole). */
export function failed(checks: Checks): Checks {
  return Object.fromEntries(Object.entries(checks).filter(([, rows]) => rows.length > 0));
}

/** Answer codes by count, for a report line. */
export function summary(answers: Map<string, number>): string {
  return [...answers.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code}×${n}`)
    .join(', ');
}
