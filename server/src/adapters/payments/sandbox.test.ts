import { calls } from '@ac/protocol/calls';
import type { TOrderDetail, TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import { httpPaths, payNotifyPath } from '@ac/protocol/http-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, commerceEnv, createAccount, SANDBOX_SECRET } from '../../../test/commerce-fixtures.ts';
import { deadPort, holdPort } from '../../../test/held-port.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sandboxPayments } from '../../db/schema/index.ts';
import { createSandboxRepo } from './sandbox.repo.ts';
import { createSandboxNotifier, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './sandbox-notifier.ts';

let t: TestApp;
let buyer: Account;
let base: string;
beforeAll(async () => {
  const port = await holdPort();
  base = port.url;
  t = await createTestApp({ env: { ...commerceEnv, PUBLIC_URL: base } });
  await port.serve(t.app);
  buyer = await createAccount(t);
});
afterAll(() => t.close());

async function startPayment(payMethod: number) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML1' }, { token: buyer.token });
  const pay = await t.client.call<TOrderPayResponse>(
    calls.payments.pay,
    { orderNo: created.data.orderNo, payMethod },
    { token: buyer.token },
  );
  const url = 'payUrl' in pay.data ? pay.data.payUrl : 'qrCode' in pay.data ? pay.data.qrCode : '';
  return { orderNo: created.data.orderNo, url, trade: new URL(url).searchParams.get('trade')! };
}
const payState = (orderNo: string) =>
  t.client.call<TOrderPayStateResponse>(calls.payments.payState, { orderNo }, { token: buyer.token });

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sandbox checkout over real HTTP', () => {
  it('serves a page with Pay and Fail buttons; Pay notifies the server asynchronously and the order is paid', async () => {
    const { orderNo, url, trade } = await startPayment(2);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(orderNo);
    expect(html).toContain('$19.99 USD');
    expect(html).toMatch(/<button type="submit" name="action" value="pay">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="fail">Fail<\/button>/);
    const done = await fetch(`${base}${httpPaths.sandboxCheckout}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade, action: 'pay' }).toString(),
    });
    expect(await done.text()).toContain('Payment complete');
    const state = await until(
      () => payState(orderNo),
      (r) => r.data.payState === 1,
    );
    expect(state.data).toEqual({ payState: 1, status: 1 });
    const [row] = await until(
      () => t.db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, trade)),
      (rows) => rows[0]?.acknowledgedAt != null,
    );
    expect(row).toMatchObject({ state: 'paid', notifyAttempts: 1 });
    const again = await fetch(`${base}${httpPaths.sandboxCheckout}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade, action: 'fail' }).toString(),
    });
    expect(await again.text()).toContain('Payment complete');
  });

  it('marks the order failed when the payer presses Fail; the QR code of WeChat opens the same page', async () => {
    const { orderNo, url, trade } = await startPayment(3);
    expect((await fetch(url)).status).toBe(200);
    await fetch(`${base}${httpPaths.sandboxCheckout}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade, action: 'fail' }).toString(),
    });
    const state = await until(
      () => payState(orderNo),
      (r) => r.data.status === 4,
    );
    expect(state.data).toEqual({ payState: 0, status: 4 });
  });

  it('answers 404 for an unknown checkout', async () => {
    expect((await fetch(`${base}${httpPaths.sandboxCheckout}?trade=SBXnothing`)).status).toBe(404);
  });
});

describe('sandbox notifier', () => {
  it('retries with backoff, bounded, and stops on close', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_MS).toEqual([0, 1000, 2000, 4000, 8000, 16000, 32000, 64000]);
  });

  it('keeps retrying an unreachable merchant and stops when closed', async () => {
    const repo = createSandboxRepo(t.db);
    const tradeNo = `SBXretry${Date.now()}`;
    await repo.insert({
      tradeNo,
      orderNo: 'AC0',
      merchant: 'ac-sandbox',
      subject: 's',
      amount: 1,
      currency: 'USD',
      method: 'page',
    });
    await repo.decide(tradeNo, 'paid', new Date());
    const dead = await deadPort();
    const notifier = createSandboxNotifier({
      notifyUrl: `${dead.url}${payNotifyPath('sandbox')}`,
      secret: SANDBOX_SECRET,
      repo,
      log: t.app.log,
    });
    notifier.schedule(tradeNo);
    const [row] = await until(
      () => t.db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, tradeNo)),
      (rows) => (rows[0]?.notifyAttempts ?? 0) >= 2,
    );
    expect(row!.notifyAttempts).toBeGreaterThanOrEqual(2);
    expect(row!.acknowledgedAt).toBeNull();
    expect(notifier.pending()).toBeGreaterThan(0);
    await notifier.close();
    expect(notifier.pending()).toBe(0);
    await dead.close();
  });
});
