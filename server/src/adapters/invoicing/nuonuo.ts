/**
 * Nuonuo open platform (诺诺开放平台, 诺税通 SaaS) as the invoicing provider
 * (docs/decisions/0041-e-invoicing-platform.md), over its REST API:
 *
 * - every call is a POST to `/open/v1/services?senid&nonce&timestamp&appkey` with the method
 *   in the `method` header, the app's `accessToken`, the seller's tax number in `userTax`
 *   and `X-Nuonuo-Sign`: base64(HMAC-SHA1(appSecret,
 *   `a=services&l=v1&p=open&k=<appkey>&i=<senid>&n=<nonce>&t=<timestamp>&f=<body>`)),
 *   the path's three parts read backwards and the body byte for byte as sent;
 * - the token comes from `/accessToken` (client_credentials, 24 h, 50 asks in 30 days), kept in
 *   memory until shortly before it ends, or is configured once (NUONUO_ACCESS_TOKEN);
 * - `nuonuo.OpeMplatform.requestBillingNew` applies for a 数电 invoice (pc: ordinary, bs:
 *   special VAT) and answers its serial number, the reference kept;
 *   `nuonuo.OpeMplatform.queryInvoiceResult` answers its state (20/21 issuing, 2 issued, 22/24
 *   failed with failCause) and the PDF's address; `nuonuo.OpeMplatform.saveInvoiceRedConfirm`
 *   applies for the red-letter confirmation that reverses an issued invoice in full.
 *
 * The platform's answer `{code, describe, result}` is E0000 on success.
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { NuonuoConfig } from '../../config/invoicing.ts';
import type { InvoiceDocument, InvoiceOutcome, InvoicingProvider, IssuedInvoice } from './provider.ts';

export const NUONUO_METHODS = {
  apply: 'nuonuo.OpeMplatform.requestBillingNew',
  query: 'nuonuo.OpeMplatform.queryInvoiceResult',
  redConfirm: 'nuonuo.OpeMplatform.saveInvoiceRedConfirm',
} as const;

/** A call the platform refused: its code and description (`describe`). */
export class NuonuoError extends Error {
  constructor(
    readonly code: string,
    readonly describe: string,
  ) {
    super(`${code} ${describe}`);
    this.name = 'NuonuoError';
  }
}

/** The platform's signature of one call. */
export function nuonuoSign(
  appSecret: string,
  s: { path: string; appKey: string; senid: string; nonce: string; timestamp: string; body: string },
): string {
  const [, p = '', l = '', a = ''] = s.path.split('/');
  const message = `a=${a}&l=${l}&p=${p}&k=${s.appKey}&i=${s.senid}&n=${s.nonce}&t=${s.timestamp}&f=${s.body}`;
  return createHmac('sha1', appSecret).update(message, 'utf8').digest('base64');
}

const TIMEOUT_MS = 15_000;
const yuan = (fen: number) => (fen / 100).toFixed(2);
/** A moment as the platform writes it: China Standard Time, `yyyy-MM-dd HH:mm:ss`. */
const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

type QueryItem = {
  serialNo?: string;
  status?: string;
  failCause?: string;
  statusMsg?: string;
  invoiceNo?: string;
  allElectronicInvoiceNumbe?: string;
  invoiceTime?: number;
  pdfUrl?: string;
};

/** `timeoutMs`: how long a call may wait for the platform (15 s; tests shorten it). */
export function createNuonuoInvoicing(c: NuonuoConfig, opts: { timeoutMs?: number } = {}): InvoicingProvider {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  let token: { value: string; until: number } | undefined = c.accessToken
    ? { value: c.accessToken, until: Number.POSITIVE_INFINITY }
    : undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(c.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams({ client_id: c.appKey, client_secret: c.appSecret, grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await res.json()) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!answer.access_token)
      throw new NuonuoError(answer.error ?? `HTTP ${res.status}`, answer.error_description ?? '');
    // asked again 10 minutes before it ends (50 asks in 30 days: docs/decisions/0041-e-invoicing-platform.md)
    token = { value: answer.access_token, until: Date.now() + ((answer.expires_in ?? 86_400) - 600) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, content: object): Promise<T> {
    const body = JSON.stringify(content);
    const url = new URL(c.servicesUrl);
    const senid = randomUUID().replaceAll('-', '');
    const nonce = String(randomInt(10_000_000, 100_000_000));
    const timestamp = String(Math.floor(Date.now() / 1000));
    url.search = new URLSearchParams({ senid, nonce, timestamp, appkey: c.appKey }).toString();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Nuonuo-Sign': nuonuoSign(c.appSecret, {
          path: url.pathname,
          appKey: c.appKey,
          senid,
          nonce,
          timestamp,
          body,
        }),
        accessToken: await accessToken(),
        userTax: c.taxNumber,
        method,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new NuonuoError(`HTTP ${res.status}`, await res.text());
    const answer = (await res.json()) as { code?: string; describe?: string; result?: T };
    if (answer.code !== 'E0000') {
      // a token the platform no longer takes is asked for again on the next call
      if (answer.code?.startsWith('0703') && !c.accessToken) token = undefined;
      throw new NuonuoError(answer.code ?? 'no code', answer.describe ?? '');
    }
    return answer.result as T;
  }

  async function query(ref: string): Promise<QueryItem | undefined> {
    const items = await call<QueryItem[]>(NUONUO_METHODS.query, { serialNos: [ref], isOfferInvoiceDetail: '0' });
    return items?.find((i) => i.serialNo === ref) ?? items?.[0];
  }

  const invoiceLine = (doc: InvoiceDocument) => (doc.type === 'specialVat' ? 'bs' : 'pc');

  return {
    name: 'nuonuo',
    async submit(doc) {
      const t = doc.title;
      const order = {
        buyerName: t.name,
        buyerTaxNum: t.kind === 'company' ? t.taxNo : '',
        buyerTel: t.phone,
        buyerAddress: t.address,
        buyerAccount: `${t.bankName} ${t.bankAccount}`.trim(),
        salerTaxNum: c.taxNumber,
        salerTel: c.sellerTel,
        salerAddress: c.sellerAddress,
        orderNo: doc.invoiceNo,
        invoiceDate: chinaTime(doc.appliedAt),
        clerk: c.clerk,
        // the copy is mailed by the account center (docs/decisions/0041-e-invoicing-platform.md)
        pushMode: '-1',
        email: doc.email,
        invoiceType: '1',
        invoiceLine: invoiceLine(doc),
        invoiceDetail: doc.lines.map((l) => ({
          goodsName: l.goodsName || l.orderNo,
          goodsCode: c.goodsCode,
          withTaxFlag: '1',
          num: '1',
          price: yuan(l.amount),
          taxIncludedAmount: yuan(l.amount),
          taxRate: c.taxRate,
          invoiceLineProperty: '0',
        })),
      };
      const { invoiceSerialNum } = await call<{ invoiceSerialNum: string }>(NUONUO_METHODS.apply, { order });
      return { ref: invoiceSerialNum };
    },

    async check(ref): Promise<InvoiceOutcome> {
      const item = await query(ref);
      switch (item?.status) {
        case '2': {
          const fiscalNo = item.allElectronicInvoiceNumbe || item.invoiceNo;
          if (!fiscalNo || !item.invoiceTime) return { state: 'pending' };
          return { state: 'issued', fiscalNo, issuedAt: new Date(item.invoiceTime) };
        }
        case '22':
        case '24':
          return {
            state: 'failed',
            reason: item.failCause || item.statusMsg || 'The tax platform refused the invoice',
          };
        default:
          // 20 issuing, 21 issued and being sealed, or not listed yet
          return { state: 'pending' };
      }
    },

    /** The platform's PDF of the issued invoice, fetched from the address its query answers. */
    async pdf(ref) {
      const item = await query(ref);
      if (item?.status !== '2' || !item.pdfUrl) throw new NuonuoError('no pdf', `invoice ${ref} has no PDF yet`);
      const res = await fetch(item.pdfUrl, { signal: AbortSignal.timeout(timeoutMs) });
      const data = Buffer.from(await res.arrayBuffer());
      if (!res.ok || data.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new NuonuoError(`HTTP ${res.status}`, `the PDF of ${ref} did not download`);
      }
      return data;
    },

    async reverse(_ref: string, doc: InvoiceDocument, issued: IssuedInvoice) {
      const billId = await call<string>(NUONUO_METHODS.redConfirm, {
        blueInvoiceLine: invoiceLine(doc),
        applySource: '0',
        blueElecInvoiceNumber: issued.fiscalNo,
        billTime: chinaTime(new Date()),
        sellerTaxNo: c.taxNumber,
        sellerName: '',
        buyerTaxNo: doc.title.kind === 'company' ? doc.title.taxNo : '',
        buyerName: doc.title.name,
        // 开票有误: the operator voids an invoice issued in error
        redReason: '2',
      });
      return { ref: billId };
    },
  };
}
