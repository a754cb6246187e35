/**
 * WeChat Pay API v3, native (QR) payments: the order's code_url becomes the
 * QR code; notifications are verified with the configured platform
 * certificate and their resource decrypted (AES-256-GCM with the APIv3 key);
 * queries read the transaction by our order number. Amounts are in fen.
 */

import { Code } from '@ac/protocol/codes';
import { payNotifyPath } from '@ac/protocol/http-paths';
import { z } from 'zod';
import type { WechatPayConfig } from '../../config-payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { privateKeyOf, publicKeyOf } from './keys.ts';
import type { PaymentGateway, PaymentReport, QueryResult } from './types.ts';
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

export function createWechatGateway(o: Options): PaymentGateway {
  const base = o.apiBase ?? WECHAT_API;
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
    if (res.ok) verifyPlatformSignature(platformKey, headers, text);
    return { status: res.status, json: parseJson(text) };
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
