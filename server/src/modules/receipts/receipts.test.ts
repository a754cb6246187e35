import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { receiptPdfPath } from '@ac/protocol/http-paths';
import type { TBillingAnswer, TBillingDetailsInput, TOrderReceipts } from '@ac/protocol/receipts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  commerceAppForTests,
  createAccount,
  createOrder,
  notifySandbox,
} from '../../../test/commerce-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { outbox, receipts } from '../../db/schema/index.ts';

const { t, services } = commerceAppForTests();

const billing: TBillingDetailsInput = {
  name: 'Zoë Ősz GmbH',
  line1: 'Friedrichstraße 12',
  city: 'Berlin',
  postalCode: '10117',
  country: 'de',
  taxId: 'de 123.456.789',
};

const setBilling = (who: Account, input: unknown) =>
  t.client.call<TBillingAnswer>(calls.receipts.setBilling, input, { token: who.token });
const receiptsOf = async (who: Account, orderNo: string) =>
  (await t.client.call<TOrderReceipts>(calls.receipts.ofOrder, { orderNo }, { token: who.token })).data;
/** The PDF as the order page downloads it: a same-origin link, the session in the HttpOnly ticket cookie. */
const download = (token: string | undefined, number: string) =>
  t.app.inject({ method: 'GET', url: receiptPdfPath(number), cookies: token ? { gstarsso_ticket: token } : {} });

async function paidOrder(who: Account, goodsCode = 'ML2', amount = 3999) {
  const created = await createOrder(t, who, goodsCode);
  const res = await notifySandbox(t, { orderNo: created.data.orderNo, amount, currency: 'USD' });
  expect(res.statusCode).toBe(200);
  return created.data.orderNo;
}

describe('billing details', () => {
  it('are null before they are saved, then answer as saved: country and VAT id normalised', async () => {
    const who = await createAccount(t);
    expect((await t.client.call(calls.receipts.billing, {}, { token: who.token })).data).toEqual({ billing: null });
    const saved = await setBilling(who, billing);
    expect(saved.code).toBe(Code.ok);
    const expected = { ...billing, country: 'DE', taxId: 'DE123456789', line2: '', region: '' };
    expect(saved.data).toEqual({ billing: expected });
    expect((await t.client.call(calls.receipts.billing, {}, { token: who.token })).data).toEqual({ billing: expected });
  });

  it('refuse an unknown country, a VAT id not of the EU country, and missing fields, keeping what was saved', async () => {
    const who = await createAccount(t);
    await setBilling(who, billing);
    expect((await setBilling(who, { ...billing, country: 'ZZ' })).code).toBe(Code.billingCountryUnknown);
    expect((await setBilling(who, { ...billing, taxId: 'FR12345678901' })).code).toBe(Code.billingTaxIdInvalid);
    expect((await setBilling(who, { ...billing, taxId: 'DE12345' })).code).toBe(Code.billingTaxIdInvalid);
    expect((await setBilling(who, { ...billing, country: 'GR', taxId: 'GR123456789' })).code).toBe(
      Code.billingTaxIdInvalid,
    );
    expect((await setBilling(who, { ...billing, name: ' ' })).code).toBe(Code.invalidParam);
    expect((await setBilling(who, { ...billing, city: undefined })).code).toBe(Code.invalidParam);
    // outside the EU any 2–30 letters and digits: an Australian ABN, a GST number
    expect((await setBilling(who, { ...billing, country: 'AU', taxId: '51 824 753 556' })).code).toBe(Code.ok);
    expect((await setBilling(who, { ...billing, country: 'GR', taxId: 'EL123456789' })).code).toBe(Code.ok);
    expect((await setBilling(who, { ...billing, country: 'US', taxId: '' })).data.billing?.taxId).toBe('');
  });
});

describe('receipts', () => {
  it('issues one receipt when an order is paid, with the billing details as at payment time, and mails it', async () => {
    const who = await createAccount(t);
    await setBilling(who, billing);
    const orderNo = await paidOrder(who);
    // a repeated notification issues nothing more
    await notifySandbox(t, { orderNo, amount: 3999, currency: 'USD' });
    // later edits never rewrite the receipt
    await setBilling(who, { ...billing, name: 'Someone Else Ltd' });

    const { rows } = await receiptsOf(who, orderNo);
    expect(rows).toEqual([
      {
        number: expect.stringMatching(/^R-US-\d{6}$/),
        kind: 'receipt',
        refersTo: null,
        amount: 3999,
        tax: 0,
        currency: 'USD',
        issuedAt: expect.any(String),
      },
    ]);
    const number = rows[0]!.number;
    const file = await download(who.token, number);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    const { pages, text } = await pdfText(file.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Receipt');
    expect(text).toContain(`Number: ${number}`);
    expect(text).toContain(`Order: ${orderNo}`);
    expect(text).toContain('Zoë Ősz GmbH');
    expect(text).toContain('Friedrichstraße 12');
    expect(text).toContain('10117 Berlin');
    expect(text).toContain('Germany');
    expect(text).toContain('VAT/GST ID: DE123456789');
    expect(text).toContain('Tax not charged $0.00');
    expect(text).toContain('Total paid (USD) $39.99');
    expect(text).toContain('Payment method: Sandbox');
    expect(text).not.toContain('Someone Else');

    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, who.email))
      .orderBy(desc(outbox.createdAt));
    const mail = mails.find((m) => m.subject.includes(number));
    expect(mail?.body).toContain(orderNo);
    expect(mail?.body).toContain(`/order?orderNo=${orderNo}`);
  });

  it('prints the buyer without billing details, in Hangul and Han too', async () => {
    const who = await createAccount(t);
    const plain = await paidOrder(who);
    const [receipt] = (await receiptsOf(who, plain)).rows;
    const text = (await pdfText((await download(who.token, receipt!.number)).rawPayload)).text;
    // a long address wraps in its column
    expect(text.replace(/\n/g, '')).toContain(who.email);
    expect(text.replace(/\n/g, ' ')).toContain('No billing details were saved at the time of payment');

    await setBilling(who, { ...billing, name: '김민수 王小明', country: 'KR', taxId: '' });
    const cjk = await paidOrder(who);
    const [second] = (await receiptsOf(who, cjk)).rows;
    const cjkText = (await pdfText((await download(who.token, second!.number)).rawPayload)).text;
    expect(cjkText).toContain('김민수 王小明');
    expect(cjkText).toContain('South Korea');
  });

  it('numbers 20 payments at once with 20 distinct consecutive numbers', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createAccount(t)));
    const orders = await Promise.all(buyers.map((b) => createOrder(t, b).then((r) => r.data.orderNo)));
    const answers = await Promise.all(
      orders.map((orderNo) => notifySandbox(t, { orderNo, amount: 3999, currency: 'USD' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
    const rows = await t.db
      .select({ seq: receipts.seq, number: receipts.number })
      .from(receipts)
      .where(and(inArray(receipts.orderNo, orders), eq(receipts.kind, 'receipt')));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => seqs[0]! + i));
  });

  it('answers a receipt to its owner only: another member gets 2600062, no session 1000008, a token in the link 0000015', async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const orderNo = await paidOrder(owner);
    const [receipt] = (await receiptsOf(owner, orderNo)).rows;
    const number = receipt!.number;
    expect((await download(other.token, number)).json()).toMatchObject({ code: Code.receiptNotFound });
    expect((await download(owner.token, 'R-US-999999')).json()).toMatchObject({ code: Code.receiptNotFound });
    expect((await download(undefined, number)).json()).toMatchObject({ code: Code.sessionExpired });
    const linked = await t.app.inject({ method: 'GET', url: `${receiptPdfPath(number)}?utoken=${owner.token}` });
    expect(linked.json()).toMatchObject({ code: Code.tokenInLink });
    // the list answers another member's order as empty
    expect(await receiptsOf(other, orderNo)).toEqual({ rows: [] });
    // a CAD client sends its session as a Bearer header
    const bearer = await t.app.inject({
      method: 'GET',
      url: receiptPdfPath(number),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('issues a credit note per refund, partial ones too, naming the receipt and the refunded amount', async () => {
    const who = await createAccount(t);
    await setBilling(who, billing);
    const orderNo = await paidOrder(who);
    await services.refunds.refund(orderNo, 1000);
    await services.refunds.refund(orderNo);
    const { rows } = await receiptsOf(who, orderNo);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['receipt', 3999],
      ['creditNote', 1000],
      ['creditNote', 2999],
    ]);
    const receipt = rows[0]!.number;
    expect(rows[1]).toMatchObject({ refersTo: receipt, number: expect.stringMatching(/^CN-US-\d{6}$/) });
    const file = await download(who.token, rows[1]!.number);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="credit-note-${rows[1]!.number}.pdf"`);
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Refers to receipt: ${receipt}`);
    expect(text).toContain('Zoë Ősz GmbH');
    expect(text).toContain('Total refunded (USD) -$10.00');
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, who.email));
    expect(mails.filter((m) => m.subject.includes('CN-US-'))).toHaveLength(2);
  });
});

describe('receipts in China', () => {
  const cn = testAppForTests({ region: 'cn', env: { SANDBOX_PAYMENT_SECRET: 'test-sandbox-secret-0123456789abcdef' } });
  it('are not issued and their calls do not exist', async () => {
    const res = await cn.client.call(calls.receipts.billing, {});
    expect(res.code).not.toBe(Code.ok);
    const pdf = await cn.app.inject({ method: 'GET', url: receiptPdfPath('R-CN-000001') });
    expect(pdf.statusCode).toBe(404);
  });
});
