/**
 * WeChat Pay API v3, native (QR) payments: the order's code_url becomes the
 * QR code; notifications are verified with the configured platform
 * certificate and their resource decrypted (AES-256-GCM with the APIv3 key);
 * queries read the transaction by our order number. Refunds: POST
 * /v3/refund/domestic/refunds with our refund number as out_refund_no (asking
 * again refunds once), usually answered PROCESSING; the `REFUND.*`
 * notification to the same notify path (or GET …/refunds/{out_refund_no} for
 * a lost answer) tells the outcome. Amounts are in fen.
 */

import { Code } from '@ac/protocol/codes';
import { payNotifyPath } from '@ac/protocol/http-paths';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { privateKeyOf, publicKeyOf } from './keys.ts';
import {
  type PaymentGateway,
  type PaymentReport,
  type QueryResult,
  type RefundAnswer,
  type RefundNotice,
  type RefundRequest,
  refundRefusal,
} from './types.ts';
import { authorization, decryptResource, verifyPlatformSignature } from './wechat-crypto.ts';

export const WECHAT_NOTIFY_PATH = payNotifyPath('wechat');
export const WECHAT_API = 'https://api.mch.weixin.qq.com';
const TIMEOUT_MS = 10_000;
const FAILED = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

const ZNotification = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.object({ ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional() }),
});
const ZTransaction = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().optional(), currency: z.string().optional() }).optional(),
});

const ZRefund = z.object({
  mchid: z.string().optional(),
  refund_id: z.string(),
  out_refund_no: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  /** the answer's field; the notification calls it refund_status */
  status: z.string().optional(),
  refund_status: z.string().optional(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), refund: z.number().int() }),
});
type TRefund = z.infer<typeof ZRefund>;

/** Error codes that mean "try again" (the request may not have been taken). */
const TRANSIENT = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED']);

/** A refused refund as our catalogue code, with WeChat Pay's code and message. */
function refundFailure(status: number, json: Record<string, unknown>): AppError {
  const code = String(json.code ?? status);
  const message = String(json.message ?? '');
  if (status >= 500 || status === 401 || TRANSIENT.has(code)) {
    return new AppError(Code.paymentProviderFailed, `wechat ${status} ${code} ${message}`);
  }
  if (code === 'NOT_ENOUGH') return refundRefusal('wechat', code, message, Code.refundBalanceInsufficient);
  if (/退款期限/.test(message)) return refundRefusal('wechat', code, message, Code.refundPeriodOver);
  return refundRefusal('wechat', code, message);
}

/** A refund as WeChat Pay states it: SUCCESS, PROCESSING, or CLOSED / ABNORMAL (the money did not go back). */
function refundAnswer(r: TRefund): RefundAnswer {
  const status = r.status ?? r.refund_status ?? '';
  if (status === 'SUCCESS') {
    return { state: 'succeeded', refundId: r.refund_id, at: r.success_time ? new Date(r.success_time) : null };
  }
  if (status === 'PROCESSING') return { state: 'pending', refundId: r.refund_id };
  return { state: 'failed', refundId: r.refund_id, reason: status || 'unknown status' };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Options = { config: WechatPayConfig; publicUrl: string; apiBase?: string };

export function wechatReport(t: z.infer<typeof ZTransaction>): PaymentReport | null {
  const paid = t.trade_state === 'SUCCESS';
  if (!paid && !FAILED.has(t.trade_state)) return null;
  return {
    provider: 'wechat',
    orderNo: t.out_trade_no,
    tradeNo: t.transaction_id ?? '',
    merchant: t.mchid,
    amount: t.amount?.total ?? Number.NaN,
    currency: t.amount?.currency ?? 'CNY',
    result: paid ? 'paid' : 'failed',
    paidAt: paid && t.success_time ? new Date(t.success_time) : null,
  };
}

/** A verified `REFUND.*` notification: SUCCESS confirms the refund, ABNORMAL or CLOSED fails it. */
function refundNotice(r: TRefund): RefundNotice | null {
  const answer = refundAnswer(r);
  if (answer.state !== 'succeeded' && answer.state !== 'failed') return null;
  return {
    provider: 'wechat',
    result: 'refundNotice',
    refundNo: r.out_refund_no,
    orderNo: r.out_trade_no,
    tradeNo: r.transaction_id ?? '',
    merchant: r.mchid ?? '',
    total: r.amount.total,
    amount: r.amount.refund,
    answer,
  };
}

export function createWechatGateway(o: Options): PaymentGateway {
  const base = o.apiBase ?? o.config.apiBase ?? WECHAT_API;
  const merchant = {
    mchId: o.config.mchId,
    serialNo: o.config.serialNo,
    privateKey: privateKeyOf(o.config.privateKey),
  };
  const platformKey = publicKeyOf(o.config.platformCert);

  async function call(method: 'GET' | 'POST', path: string, payload?: object) {
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: authorization(merchant, method, path, body),
        },
        body: payload ? body : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new AppError(Code.paymentProviderFailed, (e as Error).message);
    }
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // answers are signed, refusals too; a bare error of a proxy on the way is not
    if (res.ok || headers['wechatpay-signature']) verifyPlatformSignature(platformKey, headers, text);
    return { status: res.status, json: parseJson(text) };
  }

  /** The gateway's statement of one refund, checked against what we asked. */
  function checkedAnswer(r: RefundRequest, json: Record<string, unknown>, status: number): RefundAnswer {
    const refund = ZRefund.safeParse(json);
    if (!refund.success) throw new AppError(Code.paymentProviderFailed, `wechat refund ${status}: unexpected answer`);
    const d = refund.data;
    if (d.out_refund_no !== r.refundNo || d.out_trade_no !== r.orderNo || d.amount.refund !== r.amount) {
      throw new AppError(Code.paymentMismatch, `wechat refund ${r.refundNo}`);
    }
    return refundAnswer(d);
  }

  return {
    name: 'wechat',
    merchant: o.config.mchId,
    currencies: ['CNY'],
    async start(req) {
      const res = await call('POST', '/v3/pay/transactions/native', {
        appid: o.config.appId,
        mchid: o.config.mchId,
        description: req.subject.slice(0, 127),
        out_trade_no: req.orderNo,
        notify_url: `${o.publicUrl}${WECHAT_NOTIFY_PATH}`,
        amount: { total: req.amount, currency: req.currency },
      });
      if (res.status !== 200 || typeof res.json.code_url !== 'string') {
        throw new AppError(Code.paymentProviderFailed, `wechat ${res.status} ${String(res.json.code ?? '')}`);
      }
      return { kind: 'qr', qrCode: res.json.code_url };
    },
    async verify(n) {
      verifyPlatformSignature(platformKey, n.headers, n.rawBody);
      const note = ZNotification.safeParse(parseJson(n.rawBody));
      if (!note.success) throw new AppError(Code.badSignature, 'unexpected notification shape');
      if (note.data.event_type.startsWith('REFUND.')) {
        const refund = ZRefund.safeParse(decryptResource(o.config.apiV3Key, note.data.resource));
        if (!refund.success) throw new AppError(Code.badSignature, 'unexpected refund resource shape');
        return refundNotice(refund.data);
      }
      const tx = ZTransaction.safeParse(decryptResource(o.config.apiV3Key, note.data.resource));
      if (!tx.success) throw new AppError(Code.badSignature, 'unexpected resource shape');
      return wechatReport(tx.data);
    },
    async query(orderNo): Promise<QueryResult> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(o.config.mchId)}`;
      const res = await call('GET', path);
      if (res.status === 404) return { result: 'unknown' };
      const tx = ZTransaction.safeParse(res.json);
      if (res.status !== 200 || !tx.success) throw new AppError(Code.paymentProviderFailed, `wechat ${res.status}`);
      return wechatReport(tx.data) ?? { result: 'pending' };
    },
    async refund(r) {
      const res = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: r.orderNo,
        out_refund_no: r.refundNo,
        reason: `refund ${r.refundNo}`,
        notify_url: `${o.publicUrl}${WECHAT_NOTIFY_PATH}`,
        amount: { refund: r.amount, total: r.total, currency: r.currency },
      });
      if (res.status !== 200) throw refundFailure(res.status, res.json);
      return checkedAnswer(r, res.json, res.status);
    },
    async queryRefund(r) {
      const res = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(r.refundNo)}`);
      if (res.status === 404) return { state: 'unknown' };
      if (res.status !== 200) throw new AppError(Code.paymentProviderFailed, `wechat refund query ${res.status}`);
      return checkedAnswer(r, res.json, res.status);
    },
    ack: {
      ok: { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: 'OK' }) },
      fail: {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: 'refused' }),
      },
    },
  };
}
