/**
 * Fixtures for the commerce tests: accounts with a live session, envelope
 * calls from a chosen client address, and sandbox notifications signed the
 * way the sandbox gateway signs them.
 */

import { randomUUID } from 'node:crypto';
import type { CallContract } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { payNotifyPath } from '@ac/protocol/http-paths';
import { sandboxHeaders } from '../src/adapters/payments/sandbox-signing.ts';
import { companies, companyMembers, users } from '../src/db/schema/index.ts';
import { defaultClientInfo } from './envelope-client.ts';
import { filledBeforeAll } from './filled-before-all.ts';
import { type TestApp, type TestAppOptions, testAppForTests, testServices } from './test-app.ts';

/** The sandbox gateway's HMAC key in tests (SANDBOX_PAYMENT_SECRET). */
export const SANDBOX_SECRET = 'test-sandbox-secret-0123456789abcdef';
export const commerceEnv = { SANDBOX_PAYMENT_SECRET: SANDBOX_SECRET };

/** An account with a session and its own client address (per-IP limits see one client per account). */
export type Account = { userId: string; token: string; email: string; ip: string };

let accounts = 0;
/**
 * For the tests of the file (or describe block): a test app taking sandbox payments (commerceEnv,
 * `options` over it) and a buyer in it, made before the tests and closed after them with its services.
 */
export function commerceAppForTests(options: TestAppOptions = {}) {
  const t = testAppForTests({ ...options, env: { ...commerceEnv, ...options.env } });
  const buyer = filledBeforeAll(() => createAccount(t));
  /** The app's services (testServices), for what the tests set up or run without a call. */
  const services = filledBeforeAll(async () => testServices(t));
  return { t, buyer, services };
}

/** A new activated account with a session; optionally in an active company. */
export async function createAccount(t: TestApp, opts: { company?: boolean } = {}): Promise<Account> {
  const email = `buyer-${randomUUID()}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({ name: email.split('@')[0]!, nickName: 'Buyer', email, isActivate: true })
    .returning({ id: users.id });
  const userId = user!.id;
  if (opts.company) {
    const [company] = await t.db
      .insert(companies)
      .values({ name: 'Test Co.', endTime: new Date(Date.now() + 365 * 86_400_000) })
      .returning({ id: companies.id });
    await t.db.insert(companyMembers).values({ companyId: company!.id, userId, role: 'member' });
  }
  const token = await testServices(t).sessions.createSession(userId, {
    clientInfo: defaultClientInfo,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  accounts += 1;
  return { userId, token, email, ip: `10.${(accounts >> 16) & 255}.${(accounts >> 8) & 255}.${accounts & 255}` };
}

/** Creates an order of `who` for `goodsCode` through order/create; answers the call's answer. */
export const createOrder = (t: TestApp, who: Account, goodsCode = 'ML2') =>
  t.client.call<TOrderDetail>(calls.orders.create, { goodsCode }, { token: who.token });

/** An envelope call sent from `remoteAddress` (per-IP limits see distinct clients). */
export async function callFrom<T>(
  t: TestApp,
  call: CallContract,
  payload: unknown,
  token: string,
  remoteAddress: string,
) {
  return t.client.from(remoteAddress).call<T>(call, payload, { token });
}

export type SandboxNote = {
  orderNo: string;
  amount: number;
  currency: string;
  status?: 'paid' | 'failed';
  merchant?: string;
  tradeNo?: string;
};

/** A sandbox notification body and the headers the gateway would sign it with. */
export function sandboxNotification(n: SandboxNote, secret = SANDBOX_SECRET) {
  const tradeNo = n.tradeNo ?? `SBXtest${randomUUID().replace(/-/g, '')}`;
  const status = n.status ?? 'paid';
  const body = JSON.stringify({
    notifyId: `${tradeNo}:${status}`,
    merchant: n.merchant ?? 'ac-sandbox',
    tradeNo,
    orderNo: n.orderNo,
    amount: n.amount,
    currency: n.currency,
    status,
    decidedAt: new Date().toISOString(),
  });
  return { body, headers: sandboxHeaders(secret, body) };
}

export async function postNotify(t: TestApp, provider: string, body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: payNotifyPath(provider), headers, payload: body });
}

/** Posts a signed sandbox notification (sandboxNotification) to the app. */
export const postSandbox = (t: TestApp, note: { body: string; headers: Record<string, string> }) =>
  postNotify(t, 'sandbox', note.body, note.headers);

/** Signs a sandbox notification and posts it to the app. */
export const notifySandbox = (t: TestApp, n: SandboxNote, secret?: string) =>
  postSandbox(t, sandboxNotification(n, secret));
