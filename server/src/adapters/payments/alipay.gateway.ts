/**
 * Alipay (package alipay-sdk): computer-website page pay, RSA2-verified
 * asynchronous notifications answered with plain "success", and
 * alipay.trade.query for reconciliation. Amounts go over the wire as
 * decimal yuan ("128.00"); the merchant is our app id.
 */

import { Code } from '@ac/protocol/codes';
import { payNotifyPath } from '@ac/protocol/http-paths';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config-payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { pkcs1Pem, privateKeyOf, publicKeyOf, spkiPem } from './keys.ts';
import { fromDecimal, type PaymentGateway, type PaymentReport, toDecimal } from './types.ts';

export const ALIPAY_NOTIFY_PATH = payNotifyPath('alipay');
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

type Options = { config: AlipayConfig; publicUrl: string; returnUrl: string };

/** "2026-01-05 12:30:00" in Beijing time → Date. */
function beijingTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}

export function alipayReport(p: Record<string, string | undefined>): PaymentReport | null {
  const status = p.trade_status ?? '';
  if (!PAID.has(status) && status !== 'TRADE_CLOSED') return null;
  return {
    provider: 'alipay',
    orderNo: p.out_trade_no ?? '',
    tradeNo: p.trade_no ?? '',
    merchant: p.app_id ?? '',
    amount: fromDecimal(p.total_amount ?? ''),
    currency: p.trans_currency ?? p.currency ?? 'CNY',
    result: PAID.has(status) ? 'paid' : 'failed',
    paidAt: beijingTime(p.gmt_payment),
  };
}

export function createAlipayGateway(o: Options): PaymentGateway {
  const sdk = new AlipaySdk({
    appId: o.config.appId,
    privateKey: pkcs1Pem(privateKeyOf(o.config.privateKey)),
    keyType: 'PKCS1',
    alipayPublicKey: spkiPem(publicKeyOf(o.config.alipayPublicKey)),
    ...(o.config.gateway ? { gateway: o.config.gateway } : {}),
  });
  return {
    name: 'alipay',
    merchant: o.config.appId,
    currencies: ['CNY'],
    async start(req) {
      const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: req.orderNo,
          total_amount: toDecimal(req.amount),
          subject: req.subject.slice(0, 256),
          product_code: 'FAST_INSTANT_TRADE_PAY',
        },
        notifyUrl: `${o.publicUrl}${ALIPAY_NOTIFY_PATH}`,
        returnUrl: o.returnUrl,
      });
      return { kind: 'page', payUrl };
    },
    async verify(n) {
      const params = Object.fromEntries(new URLSearchParams(n.rawBody));
      if (!params.sign || !sdk.checkNotifySignV2(params)) throw new AppError(Code.badSignature);
      return alipayReport(params);
    },
    async query(orderNo) {
      let res: Record<string, unknown>;
      try {
        res = await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true });
      } catch (e) {
        throw new AppError(Code.paymentProviderFailed, (e as Error).message);
      }
      if (res.code !== '10000') return { result: 'unknown' };
      const report = alipayReport({
        trade_status: String(res.tradeStatus ?? ''),
        out_trade_no: String(res.outTradeNo ?? orderNo),
        trade_no: String(res.tradeNo ?? ''),
        app_id: o.config.appId,
        total_amount: String(res.totalAmount ?? ''),
        gmt_payment: typeof res.sendPayDate === 'string' ? res.sendPayDate : undefined,
      });
      return report ?? { result: 'pending' };
    },
    ack: {
      ok: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      fail: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' },
    },
  };
}
