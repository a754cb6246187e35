/**
 * The console's order calls (docs/operations.md#orders) through the HTTP surface: the list and
 * its filters, an order's payment events, a refund through the admin command's machinery with
 * its reason, fresh second factor and audit row (in the refund's transaction), two staff refunding
 * at once, the refund-due queue and the reconciliation of one order — each role allowed or refused.
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { OrderStatus } from '@ac/protocol/enums';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  commerceAppForTests,
  createAccount,
  createOrder,
  notifySandbox,
} from '../../../test/commerce-fixtures.ts';
import { consoleClient, createStaffOfEachRole, nextCode, staffApps } from '../../../test/console-client.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { testServices } from '../../../test/test-app.ts';
import { staffAudit, staffSessions } from '../../db/schema/index.ts';
import { createFinanceConsole } from './finance.service.ts';

const { t } = commerceAppForTests();
const { orderRow } = orderRecords(t);
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'fo');
});

async function paidOrder(who: Account, amount = 3999) {
  const created = await createOrder(t, who);
  await notifySandbox(t, { orderNo: created.data.orderNo, amount, currency: 'USD' });
  return created.data.orderNo as string;
}
const auditOf = (orderNo: string) => t.db.select().from(staffAudit).where(eq(staffAudit.targetId, orderNo));
async function signedIn(role: 'support' | 'finance' | 'sales' | 'admin') {
  const browser = consoleClient(t.app);
  expect((await browser.signIn(staff[role])).body.stage).toBe('signedIn');
  return browser;
}

describe('console orders', () => {
  it('lists orders filtered by status, gateway, currency, amount, member and period, paged on the server', async () => {
    const who = await createAccount(t);
    const paid = await paidOrder(who, 3999);
    const open = (await createOrder(t, who)).data.orderNo as string;
    const finance = await signedIn('finance');
    const mine = await finance.call(cc.orders.search, { user: who.email });
    expect(mine.status).toBe(200);
    expect(mine.body.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([open, paid]);
    expect(mine.body.rows[1]).toMatchObject({
      userEmail: who.email,
      status: OrderStatus.paid,
      provider: 'sandbox',
      payAmount: 3999,
      currency: 'USD',
    });
    const filtered = await finance.call(cc.orders.search, {
      user: who.userId,
      status: OrderStatus.paid,
      provider: 'sandbox',
      currency: 'USD',
      amountMin: 3999,
      amountMax: 3999,
      from: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(filtered.body.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([paid]);
    expect((await finance.call(cc.orders.search, { user: who.email, amountMin: 4000 })).body.total).toBe(0);
    expect((await finance.call(cc.orders.search, { user: 'nobody@example.com' })).body.rows).toEqual([]);
    const page = await finance.call(cc.orders.search, { user: who.email, pageSize: 1, pageNo: 2 });
    expect(page.body.rows.map((r: { orderNo: string }) => r.orderNo)).toEqual([paid]);
    // bad input: a catalogue code, never a 500
    expect(await finance.call(cc.orders.search, { status: 42 })).toMatchObject({
      status: 400,
      body: { code: Code.invalidParam },
    });
  });

  it("shows an order's payment attempts, notifications and refunds", async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    const finance = await signedIn('finance');
    const d = await finance.call(cc.orders.detail, { orderNo });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ refundable: 3999, refundThrough: 'recorded', awaitingPayment: false });
    expect(d.body.events).toMatchObject([{ provider: 'sandbox', via: 'notify', outcome: 'granted', amount: 3999 }]);
    expect((await finance.call(cc.orders.detail, { orderNo: 'AC0000NOPE' })).body.code).toBe(Code.orderNotFound);
  });

  it('refunds part then the rest, with a reason, each audited with the state before and after', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    const finance = await signedIn('finance');
    const noReason = await finance.call(cc.orders.refund, { orderNo, amount: 1000 });
    expect(noReason).toMatchObject({ status: 400, body: { code: Code.invalidParam } });
    const part = await finance.call(cc.orders.refund, { orderNo, amount: 1000, reason: 'goodwill, ticket 88' });
    expect(part).toMatchObject({
      status: 200,
      body: { kind: 'recorded', status: OrderStatus.partiallyRefunded, refundAmount: 1000 },
    });
    const rest = await finance.call(cc.orders.refund, { orderNo, reason: 'customer left' });
    expect(rest.body).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999, amount: 2999 });
    expect((await finance.call(cc.orders.refund, { orderNo, reason: 'once more' })).body.code).toBe(Code.refundInvalid);
    const rows = await auditOf(orderNo);
    expect(rows.map((r) => [r.action, r.reason, r.staffEmail])).toEqual([
      ['order.refund', 'goodwill, ticket 88', staff.finance],
      ['order.refund', 'customer left', staff.finance],
    ]);
    expect(rows[0]).toMatchObject({
      before: { status: OrderStatus.paid, refundAmount: 0 },
      after: { status: OrderStatus.partiallyRefunded, refundAmount: 1000, amount: 1000 },
    });
  });

  it('two staff refunding the same order at once make one refund and one audit row', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    const a = await signedIn('finance');
    const b = await signedIn('admin');
    const answers = await Promise.all([
      a.call(cc.orders.refund, { orderNo, reason: 'duplicate charge' }),
      b.call(cc.orders.refund, { orderNo, reason: 'duplicate charge' }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.status === 400)!.body.code).toBe(Code.refundInvalid);
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.refunded, refundAmount: 3999 });
    expect(await auditOf(orderNo)).toHaveLength(1);
  });

  it('asks for a fresh second factor when the last one is older than five minutes, and takes a code in the request', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    const finance = await signedIn('finance');
    // the sign-in's second factor is now six minutes old
    await t.db
      .update(staffSessions)
      .set({ secondFactorAt: sql`now() - interval '6 minutes'` })
      .where(sql`${staffSessions.endedAt} is null`);
    const stale = await finance.call(cc.orders.refund, { orderNo, amount: 100, reason: 'needs a code' });
    expect(stale).toMatchObject({ status: 403, body: { code: Code.staffFreshSecondFactorRequired } });
    const wrong = await finance.call(cc.orders.refund, {
      orderNo,
      amount: 100,
      reason: 'needs a code',
      secondFactorCode: '000000',
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: Code.staffSecondFactorWrong } });
    expect(await auditOf(orderNo)).toHaveLength(0);
    expect((await orderRow(orderNo)).refundAmount).toBe(0);
    const app = staffApps(t.app).get(staff.finance)!;
    const ok = await finance.call(cc.orders.refund, {
      orderNo,
      amount: 100,
      reason: 'needs a code',
      secondFactorCode: nextCode(app),
    });
    expect(ok).toMatchObject({ status: 200, body: { refundAmount: 100 } });
    // the code renewed the moment: the next money action needs none
    const next = await finance.call(cc.orders.refund, { orderNo, amount: 100, reason: 'second part' });
    expect(next).toMatchObject({ status: 200, body: { refundAmount: 200 } });
    // reading needs no fresh factor
    expect((await finance.call(cc.orders.detail, { orderNo })).status).toBe(200);
  });

  it('refuses support and sales the refund (2500004) and leaves the order and the audit untouched', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    for (const role of ['support', 'sales'] as const) {
      const browser = await signedIn(role);
      expect(await browser.call(cc.orders.refund, { orderNo, reason: 'not mine to do' })).toMatchObject({
        status: 403,
        body: { code: Code.staffPermissionDenied },
      });
      expect((await browser.call(cc.orders.search, {})).body.code).toBe(Code.staffPermissionDenied);
    }
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    expect(await auditOf(orderNo)).toHaveLength(0);
  });

  it('a failing audit write leaves no refund', async () => {
    const who = await createAccount(t);
    const orderNo = await paidOrder(who);
    const s = testServices(t);
    const failing = createFinanceConsole({
      db: t.db,
      orders: s.orders,
      payments: s.payments,
      invoices: null,
      users: s.users,
      staffAudit: {
        record: async () => {
          throw new Error('audit write failed');
        },
      },
    });
    const actor = {
      staffId: '00000000-0000-0000-0000-000000000001',
      email: 'x@staff.example.com',
      role: 'finance' as const,
    };
    await expect(failing.refund(actor, { orderNo, reason: 'never recorded' })).rejects.toThrow('audit write failed');
    expect(await orderRow(orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
  });

  it('lists the refund-due queue: a cancelled order paid afterwards', async () => {
    const who = await createAccount(t);
    const orderNo = (await createOrder(t, who)).data.orderNo as string;
    await t.db.execute(sql`update orders set status = ${OrderStatus.cancelled} where order_no = ${orderNo}`);
    await notifySandbox(t, { orderNo, amount: 3999, currency: 'USD' });
    const finance = await signedIn('finance');
    const due = await finance.call(cc.orders.refundDue, {});
    expect(due.body.rows).toContainEqual(
      expect.objectContaining({ orderNo, kind: 'paidAfterCancel', amount: 3999, currency: 'USD' }),
    );
  });

  it('reconciles one order awaiting payment, and refuses one that is not (2500011)', async () => {
    const who = await createAccount(t);
    const finance = await signedIn('finance');
    const paid = await paidOrder(who);
    expect(await finance.call(cc.orders.reconcile, { orderNo: paid })).toMatchObject({
      status: 409,
      body: { code: Code.consoleOrderNotAwaitingPayment },
    });
    const open = (await createOrder(t, who)).data.orderNo as string;
    const r = await finance.call(cc.orders.reconcile, { orderNo: open });
    expect(r).toMatchObject({ status: 200, body: { outcome: 'none', status: OrderStatus.unpaid } });
    expect((await auditOf(open)).map((x) => x.action)).toEqual(['order.reconcile']);
  });
});
