/**
 * Alipay (package alipay-sdk): computer-website page pay, RSA2-verified
 * asynchronous notifications answered with plain "success",
 * alipay.trade.query for reconciliation, and refunds: alipay.trade.refund
 * (our refund number as out_request_no, so asking again refunds once; its
 * signed synchronous answer confirms: code 10000 with fund_change Y) and
 * alipay.trade.fastpay.refund.query for a refund whose answer was lost or
 * that moved no money this time (fund_change N). Amounts go over the wire as
 * decimal yuan ("128.00"); the merchant is our app id.
 */

import { Code } from '@ac/protocol/codes';
import type { AlipayConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { alipayAgreementReport, createAlipayAgreements } from './alipay-agreement.ts';
import { ALIPAY_NOTIFY_PATH, type AlipayClient, alipayClient, beijingTime } from './alipay-client.ts';
import type { AgreementProvider } from './billing.ts';
import {
  fromDecimal,
  type PaymentGateway,
  type PaymentReport,
  type RefundAnswer,
  type RefundRequest,
  refundRefusal,
  toDecimal,
} from './types.ts';

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

type Options = { config: AlipayConfig; publicUrl: string; returnUrl: string };
type Answer = Record<string, unknown>;

/** Alipay's sub codes that mean "try again" (the request may not have been taken). */
const TRANSIENT = new Set(['ACQ.SYSTEM_ERROR', 'aop.unknow-error', 'isp.unknow-error']);

/** A refused alipay.trade.refund as our catalogue code, with Alipay's sub code and message. */
function refundFailure(res: Answer): Error {
  const sub = String(res.subCode ?? res.code ?? '');
  const message = String(res.subMsg ?? res.msg ?? '');
  if (res.code === '20000' || TRANSIENT.has(sub))
    return new AppError(Code.paymentProviderFailed, `alipay ${sub} ${message}`);
  if (sub === 'ACQ.SELLER_BALANCE_NOT_ENOUGH')
    return refundRefusal('alipay', sub, message, Code.refundBalanceInsufficient);
  if (sub === 'ACQ.TRADE_HAS_FINISHED') return refundRefusal('alipay', sub, message, Code.refundPeriodOver);
  return refundRefusal('alipay', sub, message);
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

/** Alipay's payments and its agreement payments (alipay-agreement.ts), over one SDK client. */
export function createAlipay(o: Options & { agreementReturnUrl: string }): {
  gateway: PaymentGateway;
  agreements: AgreementProvider;
} {
  const client = alipayClient(o.config);
  return {
    gateway: createAlipayGateway(o, client),
    agreements: createAlipayAgreements({ ...o, client, returnUrl: o.agreementReturnUrl }),
  };
}

export function createAlipayGateway(o: Options, client: AlipayClient = alipayClient(o.config)): PaymentGateway {
  /** A signed call whose answer's signature is verified; 2000007 when it fails or cannot be verified. */
  async function exec(method: string, bizContent: object): Promise<Answer> {
    const sdk = await client();
    try {
      return await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (e) {
      throw new AppError(Code.paymentProviderFailed, `alipay ${method}: ${(e as Error).message}`);
    }
  }

  async function queryRefund(r: RefundRequest): Promise<RefundAnswer> {
    const res = await exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: r.orderNo,
      out_request_no: r.refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (res.code !== '10000') {
      if (res.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      throw new AppError(Code.paymentProviderFailed, `alipay refund query ${String(res.subCode ?? res.code)}`);
    }
    // only REFUND_SUCCESS is a refund; anything else was not executed: ask again under the same number
    if (res.refundStatus !== 'REFUND_SUCCESS') return { state: 'unknown' };
    if (res.outRequestNo !== r.refundNo || fromDecimal(String(res.refundAmount ?? '')) !== r.amount) {
      throw new AppError(Code.paymentMismatch, `alipay refund ${r.refundNo}`);
    }
    return { state: 'succeeded', refundId: r.refundNo, at: beijingTime(String(res.gmtRefundPay ?? '')) };
  }

  return {
    name: 'alipay',
    merchant: o.config.appId,
    currencies: ['CNY'],
    async start(req) {
      const sdk = await client();
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
      const sdk = await client();
      if (!params.sign || !sdk.checkNotifySignV2(params)) throw new AppError(Code.badSignature);
      return alipayAgreementReport(params, o.config.appId) ?? alipayReport(params);
    },
    async query(orderNo) {
      const res = await exec('alipay.trade.query', { out_trade_no: orderNo });
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
    async refund(r) {
      const res = await exec('alipay.trade.refund', {
        out_trade_no: r.orderNo,
        refund_amount: toDecimal(r.amount),
        out_request_no: r.refundNo,
        refund_reason: `refund ${r.refundNo}`,
      });
      if (res.code !== '10000') throw refundFailure(res);
      if (res.outTradeNo !== undefined && res.outTradeNo !== r.orderNo) {
        throw new AppError(Code.paymentMismatch, `alipay refund ${r.refundNo} answered for ${String(res.outTradeNo)}`);
      }
      if (res.fundChange === 'Y') {
        return { state: 'succeeded', refundId: r.refundNo, at: beijingTime(String(res.gmtRefundPay ?? '')) };
      }
      // no money moved by this call: refunded by an earlier one under this number, or not yet
      const known = await queryRefund(r);
      return known.state === 'unknown' ? { state: 'pending', refundId: r.refundNo } : known;
    },
    queryRefund,
    ack: {
      ok: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
      fail: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' },
    },
  };
}
