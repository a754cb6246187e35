import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import { invoicePdfPath } from '@ac/protocol/http-paths';
import type { TInvoiceCreateRequest } from '@ac/protocol/invoice';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp, testServices } from '../../../test/test-app.ts';
import { createSandboxInvoicing, SANDBOX_FAIL_REASON } from '../../adapters/invoicing/sandbox.ts';
import { run } from '../../admin/registry.ts';
import { auditLog, invoiceOrders, invoices, invoiceTitles } from '../../db/schema/index.ts';
import { newOrderNo } from '../orders/order-number.ts';

/** The sandbox provider's clock: an application is settled once the test moves it past the delay. */
let clock = new Date('2026-11-23T10:00:00Z');
const DELAY = 60_000;
const settleProvider = () => {
  clock = new Date(clock.getTime() + DELAY);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    region: 'cn',
    adapters: { invoicing: createSandboxInvoicing({ now: () => clock, delayMs: DELAY }) },
  });
});
afterAll(async () => {
  await t.close();
});

/** A paid order of `who` (as the payments module leaves it), paid `daysAgo` days ago. */
async function paidOrder(
  who: Account,
  payAmount = 12800,
  opts: { status?: number; daysAgo?: number; refund?: number } = {},
) {
  const at = new Date(Date.now() - (opts.daysAgo ?? 1) * 86_400_000);
  const order = await testServices(t).orders.insert({
    orderNo: newOrderNo(at),
    userId: who.userId,
    goodsCode: 'ML2',
    quantity: 1,
    serviceType: 'membership',
    channel: 'web',
    orderType: 'automatic',
    status: opts.status ?? OrderStatus.paid,
    currency: 'CNY',
    orderAmount: payAmount,
    payAmount,
    refundAmount: opts.refund ?? 0,
    payMethod: 2,
    payTime: at,
    createdAt: at,
    updatedAt: at,
  });
  return order.orderNo;
}

const company = {
  kind: 'company' as const,
  name: '上海浩辰测试科技有限公司',
  taxNo: '91310000MA1FL1234X',
  address: '上海市浦东新区张江路 88 号',
  phone: '021-55556666',
  bankName: '招商银行上海张江支行',
  bankAccount: '6225880212345678',
};
const application = (orderNos: string[], over: Partial<TInvoiceCreateRequest> = {}): TInvoiceCreateRequest => ({
  orderNos,
  type: 'ordinary',
  title: company,
  email: 'finance@example.com',
  ...over,
});
const create = (who: Account, req: TInvoiceCreateRequest) =>
  t.client.from(who.ip).call(calls.invoice.create, req, { token: who.token });
const detail = (who: Account, invoiceNo: string) =>
  t.client.call(calls.invoice.detail, { invoiceNo }, { token: who.token });
const orderRows = async (who: Account) =>
  (await t.client.call(calls.invoice.orders, { pageSize: 100 }, { token: who.token })).data.rows;
const invoiceCount = async (userId: string) =>
  (await t.db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId)))[0]!.n;
/** The PDF as the portal downloads it: a same-origin link, the session in the HttpOnly ticket cookie. */
const pdf = (token: string | undefined, invoiceNo: string) =>
  t.app.inject({ method: 'GET', url: invoicePdfPath(invoiceNo), cookies: token ? { gstarsso_ticket: token } : {} });

describe('invoice/notice', () => {
  it('answers the rules without a session', async () => {
    const res = await t.client.call(calls.invoice.notice, {});
    expect(res.code).toBe(Code.ok);
    expect(res.data).toEqual({
      applyWithinDays: 365,
      maxOrdersPerInvoice: 50,
      maxTitles: 20,
      types: ['ordinary', 'specialVat'],
    });
  });
});

describe('invoice titles', () => {
  it('adds (the first becomes default), lists default first, edits, sets the default and deletes', async () => {
    const who = await createAccount(t);
    const call = <C extends (typeof calls.invoice)[keyof typeof calls.invoice]>(c: C, p: unknown) =>
      t.client.call(c, p, { token: who.token });
    const first = await call(calls.invoice.saveTitle, company);
    expect(first.code).toBe(Code.ok);
    expect(first.data).toMatchObject({ kind: 'company', name: company.name, taxNo: company.taxNo, isDefault: true });
    const second = await call(calls.invoice.saveTitle, { kind: 'personal', name: '张三', taxNo: 'IGNORED' });
    expect(second.data).toMatchObject({ kind: 'personal', taxNo: '', isDefault: false });
    const id2 = (second.data as { id: string }).id;
    const id1 = (first.data as { id: string }).id;

    expect((await call(calls.invoice.setDefaultTitle, { id: id2 })).code).toBe(Code.ok);
    let list = (await call(calls.invoice.titles, {})).data as { rows: { id: string; isDefault: boolean }[] };
    expect(list.rows.map((r) => [r.id, r.isDefault])).toEqual([
      [id2, true],
      [id1, false],
    ]);

    const edited = await call(calls.invoice.saveTitle, {
      ...company,
      id: id1,
      name: '浩辰新公司',
      taxNo: '91310000ma1fl9999y',
    });
    expect(edited.data).toMatchObject({ id: id1, name: '浩辰新公司', taxNo: '91310000MA1FL9999Y', isDefault: false });
    const madeDefault = await call(calls.invoice.saveTitle, { ...company, id: id1, isDefault: true });
    expect(madeDefault.data).toMatchObject({ isDefault: true });
    list = (await call(calls.invoice.titles, {})).data as typeof list;
    expect(list.rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([id1]);

    expect((await call(calls.invoice.deleteTitle, { id: id2 })).code).toBe(Code.ok);
    expect((await call(calls.invoice.deleteTitle, { id: id2 })).code).toBe(Code.invoiceTitleNotFound);
    list = (await call(calls.invoice.titles, {})).data as typeof list;
    expect(list.rows.map((r) => r.id)).toEqual([id1]);
    const events = await t.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, who.userId));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'invoice.titleAdded',
        'invoice.titleUpdated',
        'invoice.titleDefault',
        'invoice.titleDeleted',
      ]),
    );
  });

  it('refuses a company title without a 15-20 character tax number, and writes nothing', async () => {
    const who = await createAccount(t);
    for (const taxNo of ['', '12345678901234', '123456789012345678901', '91310000MA1FL12-4X']) {
      const res = await t.client.call(calls.invoice.saveTitle, { ...company, taxNo }, { token: who.token });
      expect(res.code).toBe(Code.invoiceTaxNoInvalid);
    }
    const rows = await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, who.userId));
    expect(rows).toEqual([]);
  });

  it("answers 2100004 for someone else's title and 0000002 for a malformed one", async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const saved = await t.client.call(calls.invoice.saveTitle, company, { token: owner.token });
    const id = (saved.data as { id: string }).id;
    for (const [c, p] of [
      [calls.invoice.deleteTitle, { id }],
      [calls.invoice.setDefaultTitle, { id }],
      [calls.invoice.saveTitle, { ...company, id }],
    ] as const) {
      expect((await t.client.call(c, p, { token: other.token })).code).toBe(Code.invoiceTitleNotFound);
    }
    const bad = await t.client.call(calls.invoice.saveTitle, { kind: 'company', name: '' }, { token: owner.token });
    expect(bad.code).toBe(Code.invalidParam);
    expect((await t.client.call(calls.invoice.titles, {})).code).toBe(Code.sessionExpired);
  });
});

describe('issuing an invoice', () => {
  it('invoices two paid orders for their sum, holds them, settles to invoiced and serves the PDF', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who, 12800);
    const b = await paidOrder(who, 6800, { status: OrderStatus.partiallyRefunded, refund: 800 });
    await paidOrder(who, 0); // nothing to invoice: not listed
    await paidOrder(who, 9900, { status: OrderStatus.unpaid }); // not paid: not listed
    const listed = await orderRows(who);
    expect(listed.map((r) => [r.orderNo, r.invoiceStatus, r.amount.amount]).sort()).toEqual(
      [
        [a, 'notInvoiced', 12800],
        [b, 'notInvoiced', 6000],
      ].sort(),
    );

    const res = await create(who, application([a, b, a]));
    expect(res.code).toBe(Code.ok);
    const inv = res.data;
    expect(inv).toMatchObject({
      status: 'invoicing',
      amount: { amount: 18800, currency: 'CNY' },
      orderCount: 2,
      title: company,
      pdfReady: false,
      fiscalNo: null,
    });
    expect((await orderRows(who)).every((r) => r.invoiceStatus === 'invoicing' && r.invoiceNo === inv.invoiceNo)).toBe(
      true,
    );
    expect((await pdf(who.token, inv.invoiceNo)).json()).toMatchObject({ code: Code.invoicePdfNotReady });

    settleProvider();
    const records = await t.client.call(calls.invoice.records, {}, { token: who.token });
    expect(records.data.rows).toEqual([
      expect.objectContaining({ invoiceNo: inv.invoiceNo, status: 'invoiced', orderCount: 2, titleName: company.name }),
    ]);
    const issued = (await detail(who, inv.invoiceNo)).data;
    expect(issued).toMatchObject({ status: 'invoiced', pdfReady: true });
    expect(issued.fiscalNo).toMatch(/^\d{20}$/);
    expect(issued.orders.map((o) => o.goodsName)).toEqual(['Viewer Premium', 'Viewer Premium']);

    const file = await pdf(who.token, inv.invoiceNo);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = file.rawPayload.toString('latin1');
    expect(raw).toMatch(/NotoSansHans-Regular/);
    expect(raw).toMatch(/FontFile3/); // the subset embedded, not referenced
    if (existsSync('/usr/bin/pdftotext')) {
      const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
      writeFileSync(join(dir, 'i.pdf'), file.rawPayload);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
      for (const s of [company.name, company.taxNo, '信息技术服务', 'Viewer Premium', '¥188.00', issued.fiscalNo!]) {
        expect(text).toContain(s);
      }
    }
  });

  it('keeps an order on one live invoice: a second application answers 2100003 and writes nothing', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who);
    const b = await paidOrder(who);
    expect((await create(who, application([a]))).code).toBe(Code.ok);
    expect((await create(who, application([b, a]))).code).toBe(Code.invoiceOrderTaken);
    expect(await invoiceCount(who.userId)).toBe(1);
    expect((await create(who, application([b]))).code).toBe(Code.ok);
    const records = await t.client.call(calls.invoice.records, {}, { token: who.token });
    expect(records.data.rows.map((r) => r.orderCount)).toEqual([1, 1]);
    expect(records.data.total).toBe(2);
  });

  it('lets exactly one of four concurrent applications for the same order through', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who);
    const b = await paidOrder(who);
    const results = await Promise.all([
      create(who, application([a])),
      create(who, application([b, a])),
      create(who, application([a, b])),
      create(who, application([a])),
    ]);
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.invoiceOrderTaken)).toHaveLength(3);
    const lines = await t.db.select().from(invoiceOrders).where(eq(invoiceOrders.orderNo, a));
    expect(lines).toHaveLength(1);
    expect(await invoiceCount(who.userId)).toBe(1);
  });

  it('refuses orders that are not paid orders of the caller within the window (2100002), writing nothing', async () => {
    const who = await createAccount(t);
    const other = await createAccount(t);
    const mine = await paidOrder(who);
    const refusals = [
      await paidOrder(other),
      await paidOrder(who, 9900, { status: OrderStatus.unpaid }),
      await paidOrder(who, 9900, { status: OrderStatus.refunded }),
      await paidOrder(who, 0),
      await paidOrder(who, 9900, { daysAgo: 400 }),
      'AC20260101000000000000',
    ];
    for (const orderNo of refusals) {
      const res = await create(who, application([mine, orderNo]));
      expect(res.code, orderNo).toBe(Code.invoiceOrderNotInvoiceable);
    }
    expect(await invoiceCount(who.userId)).toBe(0);
  });

  it('applies the title rules: tax number for companies, full bank details for special VAT (2100005, 2100006)', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who);
    const cases: [Partial<TInvoiceCreateRequest>, string][] = [
      [{ title: { ...company, taxNo: '123' } }, Code.invoiceTaxNoInvalid],
      [{ type: 'specialVat', title: { kind: 'personal', name: '张三' } }, Code.invoiceSpecialVatFields],
      [{ type: 'specialVat', title: { ...company, bankAccount: '' } }, Code.invoiceSpecialVatFields],
      [{ type: 'specialVat', title: { ...company, address: ' ' } }, Code.invoiceSpecialVatFields],
      [{ email: 'not-an-address' }, Code.invalidParam],
      [{ orderNos: [] }, Code.invalidParam],
    ];
    for (const [over, code] of cases) expect((await create(who, application([a], over))).code).toBe(code);
    expect(await invoiceCount(who.userId)).toBe(0);
    const special = await create(who, application([a], { type: 'specialVat' }));
    expect(special.data).toMatchObject({ type: 'specialVat', status: 'invoicing' });
    const personal = await create(
      who,
      application([await paidOrder(who)], { title: { kind: 'personal', name: '张三' } }),
    );
    expect(personal.data.title).toMatchObject({ kind: 'personal', name: '张三', taxNo: '' });
  });
});

describe('failures, voiding and re-applying', () => {
  it('fails a refused title, frees its orders, and re-applies once as reissuing → invoiced', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who);
    const failing = await create(who, application([a], { title: { ...company, name: 'FAIL 测试公司' } }));
    settleProvider();
    const failed = (await detail(who, failing.data.invoiceNo)).data;
    expect(failed).toMatchObject({ status: 'failed', failReason: SANDBOX_FAIL_REASON, pdfReady: false });
    expect((await orderRows(who)).map((r) => r.invoiceStatus)).toEqual(['notInvoiced']);

    const reCreate = () =>
      t.client
        .from(who.ip)
        .call(
          calls.invoice.reCreate,
          { invoiceNo: failed.invoiceNo, type: 'ordinary', title: company, email: 'finance@example.com' },
          { token: who.token },
        );
    const again = await reCreate();
    expect(again.code).toBe(Code.ok);
    expect(again.data).toMatchObject({ status: 'reissuing', reissueOf: failed.invoiceNo, amount: failed.amount });
    expect((await orderRows(who)).map((r) => r.invoiceStatus)).toEqual(['reissuing']);
    expect((await detail(who, failed.invoiceNo)).data.reissuedBy).toBe(again.data.invoiceNo);
    const twice = await reCreate();
    expect(twice.code).toBe(Code.invoiceCannotReapply);
    settleProvider();
    expect((await detail(who, again.data.invoiceNo)).data.status).toBe('invoiced');
    const filtered = await t.client.call(calls.invoice.records, { status: 'failed' }, { token: who.token });
    expect(filtered.data.rows.map((r) => r.invoiceNo)).toEqual([failed.invoiceNo]);
  });

  it('says in the records which invoice re-applied for a failed one, so the list offers no second re-application', async () => {
    const who = await createAccount(t);
    const failing = await create(
      who,
      application([await paidOrder(who)], { title: { ...company, name: 'FAIL 公司' } }),
    );
    settleProvider();
    const records = async () =>
      (await t.client.call(calls.invoice.records, {}, { token: who.token })).data.rows.map((r) => [
        r.invoiceNo,
        r.status,
        r.reissuedBy,
      ]);
    expect(await records()).toEqual([[failing.data.invoiceNo, 'failed', null]]);
    const again = await t.client
      .from(who.ip)
      .call(
        calls.invoice.reCreate,
        { invoiceNo: failing.data.invoiceNo, type: 'ordinary', title: company, email: 'finance@example.com' },
        { token: who.token },
      );
    expect(again.data.reissuedBy).toBeNull();
    expect(await records()).toEqual([
      [again.data.invoiceNo, 'reissuing', null],
      [failing.data.invoiceNo, 'failed', again.data.invoiceNo],
    ]);
  });

  it('voids an issued invoice (admin invoices void), frees its orders and re-applies; only failed or voided ones re-apply', async () => {
    const who = await createAccount(t);
    const a = await paidOrder(who);
    const inv = (await create(who, application([a]))).data;
    const reapply = () =>
      t.client
        .from(who.ip)
        .call(
          calls.invoice.reCreate,
          { invoiceNo: inv.invoiceNo, type: 'ordinary', title: company, email: 'finance@example.com' },
          { token: who.token },
        );
    expect((await reapply()).code).toBe(Code.invoiceCannotReapply);
    const services = testServices(t);
    await expect(services.invoices.void(inv.invoiceNo)).rejects.toMatchObject({ code: Code.invoiceTransitionRefused });
    settleProvider();
    expect((await detail(who, inv.invoiceNo)).data.status).toBe('invoiced');
    const admin = { config: t.config, services, now: () => new Date() };
    expect(await run(admin, { positionals: ['invoices', 'void', inv.invoiceNo], values: {} })).toBe(
      `${inv.invoiceNo}: voided; its orders can be invoiced again`,
    );
    expect((await detail(who, inv.invoiceNo)).data.status).toBe('voided');
    expect((await orderRows(who)).map((r) => r.invoiceStatus)).toEqual(['notInvoiced']);
    expect((await reapply()).data).toMatchObject({ status: 'reissuing', reissueOf: inv.invoiceNo });
  });

  it("hides someone else's invoice: detail, re-apply and the PDF answer 2100001", async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const inv = (await create(owner, application([await paidOrder(owner)]))).data;
    settleProvider();
    expect((await detail(other, inv.invoiceNo)).code).toBe(Code.invoiceNotFound);
    const re = await t.client.call(
      calls.invoice.reCreate,
      { invoiceNo: inv.invoiceNo, type: 'ordinary', title: company, email: 'a@example.com' },
      { token: other.token },
    );
    expect(re.code).toBe(Code.invoiceNotFound);
    expect((await pdf(other.token, inv.invoiceNo)).json()).toMatchObject({ code: Code.invoiceNotFound });
    expect((await pdf(undefined, inv.invoiceNo)).json()).toMatchObject({ code: Code.sessionExpired });
    expect((await pdf(owner.token, inv.invoiceNo)).statusCode).toBe(200);
    // the token never travels in the link (docs/protocol.md#downloads): refused even beside the cookie
    const linked = await t.app.inject({
      method: 'GET',
      url: `${invoicePdfPath(inv.invoiceNo)}?utoken=${owner.token}`,
      cookies: { gstarsso_ticket: owner.token },
    });
    expect(linked.statusCode).toBe(400);
    expect(linked.json()).toMatchObject({ code: Code.tokenInLink });
    const cad = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(inv.invoiceNo),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(cad.statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('removes the saved titles and keeps the invoices without the person', async () => {
    const who = await createAccount(t);
    await t.client.call(calls.invoice.saveTitle, company, { token: who.token });
    const inv = (await create(who, application([await paidOrder(who)]))).data;
    await t.db.transaction((tx) => testServices(t).invoices.forgetUser(who.userId, tx));
    expect(await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, who.userId))).toEqual([]);
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, inv.invoiceNo));
    expect(kept).toMatchObject({ userId: null, titleName: company.name });
  });
});

describe('the overseas build', () => {
  it('answers not found for every invoice call and the PDF path', async () => {
    const us = await createTestApp({ region: 'us' });
    try {
      const who = await createAccount(us);
      for (const c of Object.values(calls.invoice)) {
        const res = await us.client.call(c, {}, { token: who.token });
        expect(res.code, c.path).toBe(Code.notFound);
        expect(res.status).toBe(404);
      }
      const res = await us.app.inject({ method: 'GET', url: `${invoicePdfPath('IV1')}?utoken=${who.token}` });
      expect(res.statusCode).toBe(404);
    } finally {
      await us.close();
    }
  });
});
