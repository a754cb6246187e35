/**
 * Alipay agreement payments — periodic deduction (周期扣款, docs/decisions/0043-subscriptions.md):
 * the member signs on Alipay's page (alipay.user.agreement.page.sign, product CYCLE_PAY_AUTH_P,
 * with the periodic rule: every 1 or 12 months, at most the plan's price each time); Alipay's
 * signed notifications dut_user_sign / dut_user_unsign arrive at the same notify route as its
 * payments (the gateway's `verify` reads them with `alipayAgreementReport`); each period we deduct
 * with alipay.trade.pay (GENERAL_WITHHOLDING, agreement_params) under our order number, whose
 * signed synchronous answer is the outcome; alipay.user.agreement.unsign ends the agreement.
 */
import { Code } from '@ac/protocol/codes';
import type { AlipayConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { ALIPAY_NOTIFY_PATH, type AlipayClient, beijingTime } from './alipay-client.ts';
import type { AgreementEvent, AgreementProvider, AgreementReport, DeductionResult } from './billing.ts';
import { fromDecimal, toDecimal } from './types.ts';

const PERSONAL_PRODUCT = 'CYCLE_PAY_AUTH_P';
const SIGN_SCENE = 'INDUSTRY|DIGITAL_MEDIA';
/** Alipay's sub codes of a deduction that may or may not have been taken: ask again under the same order. */
const UNKNOWN = new Set(['ACQ.SYSTEM_ERROR', 'aop.unknow-error', 'isp.unknow-error', 'ACQ.TRADE_BUYER_NOT_MATCH']);

type Options = { config: AlipayConfig; client: AlipayClient; publicUrl: string; returnUrl: string };
type Answer = Record<string, unknown>;

/** The date in Beijing ("2026-01-05"), as the periodic rule's execute_time. */
const beijingDate = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A verified dut_user_sign / dut_user_unsign notification as our event; null for other notifications. */
export function alipayAgreementReport(p: Record<string, string | undefined>, appId: string): AgreementReport | null {
  const type = p.notify_type ?? '';
  if (type !== 'dut_user_sign' && type !== 'dut_user_unsign') return null;
  if (p.app_id && p.app_id !== appId) throw new AppError(Code.paymentMismatch, `alipay ${type} for app ${p.app_id}`);
  if (!p.notify_id || !p.agreement_no || !p.external_agreement_no) {
    throw new AppError(Code.paymentMismatch, `alipay ${type} without its agreement`);
  }
  const signed = type === 'dut_user_sign';
  if (signed && p.status !== 'NORMAL') return null;
  const at = beijingTime(signed ? p.sign_time : p.unsign_time) ?? beijingTime(p.notify_time) ?? new Date();
  const event: AgreementEvent = {
    eventId: p.notify_id,
    type,
    at,
    agreementNo: p.agreement_no,
    signRef: p.external_agreement_no,
    payerId: p.alipay_user_id ?? null,
    kind: signed ? 'signed' : 'unsigned',
  };
  return { result: 'agreement', provider: 'alipay', event };
}

export function createAlipayAgreements(o: Options): AgreementProvider {
  async function exec(method: string, bizContent: object): Promise<Answer> {
    const sdk = await o.client();
    return sdk.exec(method, { bizContent }, { validateSign: true });
  }

  /** The trade of our order, when the deduction was taken before (a repeated or lost answer). */
  async function taken(orderNo: string, amount: number): Promise<DeductionResult> {
    const res = await exec('alipay.trade.query', { out_trade_no: orderNo });
    if (res.code !== '10000') return { result: 'unknown', reason: String(res.subCode ?? res.code) };
    if (res.tradeStatus !== 'TRADE_SUCCESS' && res.tradeStatus !== 'TRADE_FINISHED') {
      return { result: 'unknown', reason: `trade ${String(res.tradeStatus)}` };
    }
    if (fromDecimal(String(res.totalAmount ?? '')) !== amount) throw new AppError(Code.paymentMismatch, orderNo);
    return {
      result: 'paid',
      tradeNo: String(res.tradeNo ?? ''),
      paidAt: beijingTime(typeof res.sendPayDate === 'string' ? res.sendPayDate : undefined),
    };
  }

  return {
    name: 'alipay',
    async signUrl(r) {
      const sdk = await o.client();
      return sdk.pageExecute('alipay.user.agreement.page.sign', 'GET', {
        bizContent: {
          personal_product_code: PERSONAL_PRODUCT,
          product_code: 'GENERAL_WITHHOLDING_P',
          sign_scene: SIGN_SCENE,
          external_agreement_no: r.signRef,
          access_params: { channel: 'ALIPAYAPP' },
          period_rule_params: {
            period_type: 'MONTH',
            period: r.plan.interval === 'year' ? 12 : 1,
            execute_time: beijingDate(r.firstDeduction),
            single_amount: toDecimal(r.plan.amount),
          },
        },
        notifyUrl: `${o.publicUrl}${ALIPAY_NOTIFY_PATH}`,
        returnUrl: `${o.returnUrl}?subscription=${r.ref}&checkout=signed`,
      });
    },
    async deduct(r) {
      let res: Answer;
      try {
        res = await exec('alipay.trade.pay', {
          out_trade_no: r.orderNo,
          total_amount: toDecimal(r.amount),
          subject: r.subject.slice(0, 256),
          product_code: 'GENERAL_WITHHOLDING',
          agreement_params: { agreement_no: r.agreementNo },
        });
      } catch (e) {
        // no answer, or one whose signature does not verify: the deduction may have been taken
        return { result: 'unknown', reason: (e as Error).message };
      }
      const sub = String(res.subCode ?? '');
      if (res.code === '10000') {
        if (res.outTradeNo !== undefined && res.outTradeNo !== r.orderNo) {
          throw new AppError(
            Code.paymentMismatch,
            `alipay deduction ${r.orderNo} answered for ${String(res.outTradeNo)}`,
          );
        }
        if (fromDecimal(String(res.totalAmount ?? '')) !== r.amount)
          throw new AppError(Code.paymentMismatch, r.orderNo);
        return {
          result: 'paid',
          tradeNo: String(res.tradeNo ?? ''),
          paidAt: beijingTime(typeof res.gmtPayment === 'string' ? res.gmtPayment : undefined),
        };
      }
      if (sub === 'ACQ.TRADE_HAS_SUCCESS') return taken(r.orderNo, r.amount);
      if (res.code === '10003' || res.code === '20000' || UNKNOWN.has(sub)) {
        return { result: 'unknown', reason: `${String(res.code)} ${sub}` };
      }
      return { result: 'failed', reason: `${sub || String(res.code)} ${String(res.subMsg ?? res.msg ?? '')}`.trim() };
    },
    async unsign(agreementNo) {
      let res: Answer;
      try {
        res = await exec('alipay.user.agreement.unsign', {
          agreement_no: agreementNo,
          personal_product_code: PERSONAL_PRODUCT,
          sign_scene: SIGN_SCENE,
        });
      } catch (e) {
        throw new AppError(Code.paymentProviderFailed, `alipay unsign: ${(e as Error).message}`);
      }
      // an agreement Alipay no longer holds (the member ended it in Alipay) is ended already
      if (res.code === '10000' || res.subCode === 'USER_AGENT_NOT_EXIST' || res.subCode === 'AGREEMENT_HAS_UNSIGNED') {
        return;
      }
      throw new AppError(Code.paymentProviderFailed, `alipay unsign ${String(res.subCode ?? res.code)}`);
    },
  };
}
