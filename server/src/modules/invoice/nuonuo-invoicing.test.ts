/**
 * Invoices through the Nuonuo open platform (docs/decisions/0041-e-invoicing-platform.md), against
 * the local fake of its API that checks the token and X-Nuonuo-Sign: issued (the PDF fetched once and
 * kept, the copy mailed once however often the outcome is asked for), failed with the platform's
 * cause, a platform that does not answer or refuses the signature (the application waits, nothing
 * half-written), and voided by a red-letter confirmation.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { OrderStatus } from '@ac/protocol/enums';
import type { TInvoiceDetail } from '@ac/protocol/invoice';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import {
  FAKE_FAIL_CAUSE,
  FAKE_PDF,
  type NuonuoFake,
  startNuonuoFake,
} from '../../../test/fakes/invoicing/nuonuo.fake.ts';
import { createTestApp, type TestApp, testServices } from '../../../test/test-app.ts';
import { createNuonuoInvoicing } from '../../adapters/invoicing/nuonuo.ts';
import { invoiceFiles, invoices, outbox } from '../../db/schema/index.ts';
import { newOrderNo } from '../orders/order-number.ts';

const APP = { appKey: 'SD63236305', appSecret: 'nuonuo-fake-app-secret-0123', taxNumber: '339902999999789113' };
let fake: NuonuoFake;
let t: TestApp;
const env = () => ({
  INVOICING_PROVIDER: 'nuonuo',
  NUONUO_APP_KEY: APP.appKey,
  NUONUO_APP_SECRET: APP.appSecret,
  NUONUO_TAX_NUMBER: APP.taxNumber,
  NUONUO_CLERK: '张三',
  NUONUO_GOODS_CODE: '3040201030000000000',
  NUONUO_API_BASE: fake.url,
});
beforeAll(async () => {
  fake = await startNuonuoFake(APP);
  t = await createTestApp({ region: 'cn', env: env() });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function paidOrder(app: TestApp, who: Account, payAmount = 12800) {
  const at = new Date(Date.now() - 86_400_000);
  const order = await testServices(app).orders.insert({
    orderNo: newOrderNo(at),
    userId: who.userId,
    goodsCode: 'ML2',
    quantity: 1,
    serviceType: 'membership',
    channel: 'web',
    orderType: 'automatic',
    status: OrderStatus.paid,
    currency: 'CNY',
    orderAmount: payAmount,
    payAmount,
    refundAmount: 0,
    payMethod: 2,
    payTime: at,
    createdAt: at,
    updatedAt: at,
  });
  return order.orderNo;
}

/** Applies for an invoice of one paid order with a personal title named `name`. */
async function apply(app: TestApp, name: string) {
  const who = await createAccount(app);
  const orderNo = await paidOrder(app, who);
  const res = await app.client.from(who.ip).call<TInvoiceDetail>(
    calls.invoice.create,
    {
      orderNos: [orderNo],
      type: 'ordinary',
      email: who.email,
      title: { kind: 'personal', name, address: '', phone: '', bankName: '', bankAccount: '' },
    },
    { token: who.token },
  );
  expect(res.code).toBe(Code.ok);
  const detail = () =>
    app.client
      .from(who.ip)
      .call<TInvoiceDetail>(calls.invoice.detail, { invoiceNo: res.data.invoiceNo }, { token: who.token });
  return { who, orderNo, invoiceNo: res.data.invoiceNo, first: res.data, detail };
}

const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.recipient, to));
async function waitFor<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('invoices through Nuonuo', () => {
  it('issues through the platform, keeps its PDF and mails the copy once, whatever asks twice', async () => {
    const a = await apply(t, '王小明');
    expect(a.first.status).toBe('invoicing');
    const row = (await t.db.select().from(invoices).where(eq(invoices.invoiceNo, a.invoiceNo)))[0]!;
    const sent = fake.applications.get(row.providerRef!)!;
    expect(sent.order).toMatchObject({ orderNo: a.invoiceNo, buyerName: '王小明', invoiceLine: 'pc', pushMode: '-1' });
    // two answers of the outcome at once (a duplicate notice): one move, one copy
    const [one, two] = await Promise.all([a.detail(), a.detail()]);
    expect([one.data.status, two.data.status]).toEqual(['invoiced', 'invoiced']);
    expect(one.data.fiscalNo).toBe(sent.fiscalNo);
    const mails = await waitFor(
      () => mailsTo(a.who.email),
      (m) => m.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(sent.fiscalNo);
    expect(mails[0]!.body).toContain(`/invoice/detail?no=${a.invoiceNo}`);
    // the copy job run again (a retry) neither mails nor keeps twice
    await testServices(t).invoices.keepAndMail(a.invoiceNo);
    expect(await mailsTo(a.who.email)).toHaveLength(1);
    const kept = await t.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceNo, a.invoiceNo));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.bytes.equals(FAKE_PDF)).toBe(true);
    const pdf = await testServices(t).invoices.pdf(a.who.userId, a.invoiceNo);
    expect(pdf.data.equals(FAKE_PDF)).toBe(true);
  });

  it('fails with the platform’s cause and frees the order', async () => {
    const a = await apply(t, '税号错误测试');
    const failed = await waitFor(a.detail, (r) => r.data.status !== 'invoicing');
    expect(failed.data).toMatchObject({ status: 'failed', failReason: FAKE_FAIL_CAUSE });
    const orders = await t.client
      .from(a.who.ip)
      .call<{ rows: { invoiceStatus: string }[] }>(
        calls.invoice.orders,
        { pageNo: 1, pageSize: 10 },
        { token: a.who.token },
      );
    expect(orders.data.rows[0]?.invoiceStatus).toBe('notInvoiced');
    expect(await mailsTo(a.who.email)).toHaveLength(0);
  });

  it('voids an issued invoice by a red-letter confirmation, and answers 2100011 when the platform refuses it', async () => {
    const a = await apply(t, '李雷');
    expect((await waitFor(a.detail, (r) => r.data.status === 'invoiced')).data.status).toBe('invoiced');
    const services = testServices(t);
    const voided = await services.invoices.void(a.invoiceNo);
    expect(voided.status).toBe('voided');
    expect(fake.red.at(-1)).toEqual({ billId: voided.redRef, blueElecInvoiceNumber: voided.fiscalNo });

    const b = await apply(t, '韩梅梅');
    await waitFor(b.detail, (r) => r.data.status === 'invoiced');
    await t.db.update(invoices).set({ fiscalNo: '00000000000000000000' }).where(eq(invoices.invoiceNo, b.invoiceNo));
    await expect(services.invoices.void(b.invoiceNo)).rejects.toMatchObject({ code: Code.invoiceReversalRefused });
    expect((await b.detail()).data.status).toBe('invoiced');
  });

  it('keeps an application waiting, unsubmitted, when the platform does not answer or refuses the signature', async () => {
    const config = t.config.invoicing.nuonuo!;
    for (const [provider, name] of [
      [createNuonuoInvoicing(config, { timeoutMs: 300 }), '超时测试'],
      // a token the platform gave, and calls signed with another secret
      [
        createNuonuoInvoicing({ ...config, appSecret: 'not-the-app-secret-000000', accessToken: [...fake.tokens][0] }),
        '签名测试',
      ],
    ] as const) {
      const other = await createTestApp({ region: 'cn', env: env(), adapters: { invoicing: provider } });
      try {
        const a = await apply(other, name);
        expect(a.first.status).toBe('invoicing');
        const row = (await other.db.select().from(invoices).where(eq(invoices.invoiceNo, a.invoiceNo)))[0]!;
        expect(row.providerRef).toBeNull();
        expect((await a.detail()).data.status).toBe('invoicing');
      } finally {
        await other.close();
      }
    }
    expect(fake.refused.some((r) => r.code === '070104')).toBe(true);
  });
});
