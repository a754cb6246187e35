/**
 * The console's invoice calls (docs/operations.md#invoices-china) on a China server whose
 * invoicing provider is manual (INVOICING_PROVIDER=manual): the queue, the upload of the file
 * issued in the tax system (the member then downloads it), refusing an application with a reason
 * (the member re-applies), voiding with a fresh second factor; each audited in its transaction.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { OrderStatus } from '@ac/protocol/enums';
import { invoicePdfPath } from '@ac/protocol/http-paths';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { consoleClient, createStaffOfEachRole } from '../../../test/console-client.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { createManualInvoicing } from '../../adapters/invoicing/manual.ts';
import { invoices, staffAudit, staffSessions } from '../../db/schema/index.ts';
import { newOrderNo } from '../orders/order-number.ts';
import { createFinanceConsole } from './finance.service.ts';

const t = testAppForTests({ region: 'cn', adapters: { invoicing: createManualInvoicing() } });
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'fi');
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OFD = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('OFD.xml')]);

async function appliedInvoice(who: Account) {
  const at = new Date(Date.now() - 86_400_000);
  const order = await testServices(t).orders.insert({
    orderNo: newOrderNo(at),
    userId: who.userId,
    goodsCode: 'ML2',
    quantity: 1,
    serviceType: 'membership',
    channel: 'web',
    orderType: 'automatic',
    status: OrderStatus.paid,
    currency: 'CNY',
    orderAmount: 12800,
    payAmount: 12800,
    payMethod: 2,
    payTime: at,
    createdAt: at,
    updatedAt: at,
  });
  const res = await t.client.from(who.ip).call<{ invoiceNo: string; status: string }>(
    calls.invoice.create,
    {
      orderNos: [order.orderNo],
      type: 'ordinary',
      title: {
        kind: 'company',
        name: '上海浩辰测试科技有限公司',
        taxNo: '91310000MA1FL1234X',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
      },
      email: 'finance@example.com',
    },
    { token: who.token },
  );
  expect(res.code).toBe(Code.ok);
  return res.data;
}
const auditOf = (invoiceNo: string) => t.db.select().from(staffAudit).where(eq(staffAudit.targetId, invoiceNo));
async function signedIn(role: 'support' | 'finance' | 'sales' | 'admin') {
  const browser = consoleClient(t.app);
  expect((await browser.signIn(staff[role])).body.stage).toBe('signedIn');
  return browser;
}
const upload = (invoiceNo: string, over: Record<string, unknown> = {}) => ({
  invoiceNo,
  reason: 'issued in the tax system',
  fiscalNo: '24312000000012345678',
  contentType: 'application/pdf',
  data: PDF.toString('base64'),
  ...over,
});

describe('console invoices (manual provider)', () => {
  it('queues the application; finance uploads the PDF, the member downloads it', async () => {
    const who = await createAccount(t);
    const applied = await appliedInvoice(who);
    expect(applied.status).toBe('invoicing');
    const finance = await signedIn('finance');
    const queue = await finance.call(cc.invoices.queue, { status: 'pending' });
    expect(queue.body.provider).toBe('manual');
    expect(queue.body.rows).toContainEqual(
      expect.objectContaining({ invoiceNo: applied.invoiceNo, status: 'invoicing', submitted: true, hasFile: false }),
    );
    // the manual provider issues nothing by itself
    expect((await finance.call(cc.invoices.issue, { invoiceNo: applied.invoiceNo, reason: 'try' })).body.code).toBe(
      Code.consoleInvoiceNotManual,
    );
    // not a PDF: refused with its catalogue code
    const bad = await finance.call(
      cc.invoices.upload,
      upload(applied.invoiceNo, { data: Buffer.from('hello there').toString('base64') }),
    );
    expect(bad).toMatchObject({ status: 400, body: { code: Code.consoleInvoiceFileInvalid } });
    expect((await finance.call(cc.invoices.upload, upload(applied.invoiceNo, { fiscalNo: 'x' }))).body.code).toBe(
      Code.invalidParam,
    );
    const done = await finance.call(cc.invoices.upload, upload(applied.invoiceNo));
    expect(done).toMatchObject({
      status: 200,
      body: { invoice: { status: 'invoiced', fiscalNo: '24312000000012345678', hasFile: true } },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(applied.invoiceNo),
      cookies: { gstarsso_ticket: who.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const member = await t.client.call(calls.invoice.detail, { invoiceNo: applied.invoiceNo }, { token: who.token });
    expect(member.data).toMatchObject({ status: 'invoiced' });
    expect((await auditOf(applied.invoiceNo)).map((r) => [r.action, r.reason])).toEqual([
      ['invoice.upload', 'issued in the tax system'],
    ]);
    // issued already: a second upload is refused
    expect((await finance.call(cc.invoices.upload, upload(applied.invoiceNo))).body.code).toBe(
      Code.consoleInvoiceNotPending,
    );
  });

  it('takes an OFD file, which the member downloads as OFD', async () => {
    const who = await createAccount(t);
    const applied = await appliedInvoice(who);
    const finance = await signedIn('admin');
    const done = await finance.call(
      cc.invoices.upload,
      upload(applied.invoiceNo, { contentType: 'application/ofd', data: OFD.toString('base64') }),
    );
    expect(done.status).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: invoicePdfPath(applied.invoiceNo),
      cookies: { gstarsso_ticket: who.token },
    });
    expect(file.headers['content-type']).toContain('application/ofd');
    expect(String(file.headers['content-disposition'])).toContain('.ofd');
  });

  it('marks an application failed with the reason the member reads, who can apply again', async () => {
    const who = await createAccount(t);
    const applied = await appliedInvoice(who);
    const finance = await signedIn('finance');
    const failed = await finance.call(cc.invoices.fail, {
      invoiceNo: applied.invoiceNo,
      reason: 'The tax number does not match the company name',
    });
    expect(failed.body.invoice).toMatchObject({
      status: 'failed',
      failReason: 'The tax number does not match the company name',
    });
    const member = await t.client.call(calls.invoice.detail, { invoiceNo: applied.invoiceNo }, { token: who.token });
    expect(member.data).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(member.data)).toContain('The tax number does not match the company name');
    const again = await t.client.from(who.ip).call(
      calls.invoice.reCreate,
      {
        invoiceNo: applied.invoiceNo,
        type: 'ordinary',
        title: { kind: 'personal', name: '张三', taxNo: '', address: '', phone: '', bankName: '', bankAccount: '' },
        email: 'me@example.com',
      },
      { token: who.token },
    );
    expect(again.code).toBe(Code.ok);
    expect((await finance.call(cc.invoices.fail, { invoiceNo: applied.invoiceNo, reason: 'twice' })).body.code).toBe(
      Code.consoleInvoiceNotPending,
    );
    expect((await auditOf(applied.invoiceNo)).map((r) => r.action)).toEqual(['invoice.fail']);
  });

  it('voids an issued invoice with a fresh second factor; a failing audit write leaves it issued', async () => {
    const who = await createAccount(t);
    const applied = await appliedInvoice(who);
    const finance = await signedIn('finance');
    await finance.call(cc.invoices.upload, upload(applied.invoiceNo));
    const s = testServices(t);
    const failing = createFinanceConsole({
      db: t.db,
      orders: s.orders,
      payments: s.payments,
      invoices: s.invoices,
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
    await expect(failing.voidInvoice(actor, { invoiceNo: applied.invoiceNo, reason: 'never' })).rejects.toThrow(
      'audit write failed',
    );
    const [row] = await t.db.select().from(invoices).where(eq(invoices.invoiceNo, applied.invoiceNo));
    expect(row!.status).toBe('invoiced');

    await t.db
      .update(staffSessions)
      .set({ secondFactorAt: sql`now() - interval '6 minutes'` })
      .where(sql`${staffSessions.endedAt} is null`);
    const stale = await finance.call(cc.invoices.void, { invoiceNo: applied.invoiceNo, reason: 'wrong title' });
    expect(stale).toMatchObject({ status: 403, body: { code: Code.staffFreshSecondFactorRequired } });
    const support = await signedIn('support');
    expect((await support.call(cc.invoices.void, { invoiceNo: applied.invoiceNo, reason: 'x y z' })).body.code).toBe(
      Code.staffPermissionDenied,
    );
    const admin = await signedIn('admin');
    const voided = await admin.call(cc.invoices.void, { invoiceNo: applied.invoiceNo, reason: 'wrong title' });
    expect(voided.body.invoice).toMatchObject({ status: 'voided' });
    expect((await auditOf(applied.invoiceNo)).map((r) => [r.action, r.staffEmail])).toEqual([
      ['invoice.upload', staff.finance],
      ['invoice.void', staff.admin],
    ]);
  });
});
