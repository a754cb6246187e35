/**
 * Renewing memberships through Alipay agreements (docs/product.md#renewing-memberships,
 * docs/decisions/0043-subscriptions.md): Alipay's agreement notifications and the deductions we
 * make each period.
 *
 * Sign, then pay: the signed notification records the agreement and makes the first deduction due
 * at once (the durable job `agreement-charge`); each paid period makes the next one due a day
 * before the period ends; the scheduled job `agreements-charge` takes every due one. A deduction
 * is claimed under the subscription's lock (its order — "automatic" for the first period,
 * "renewal" after — created once, our out_trade_no for every attempt of the period, and the claim
 * held for 15 minutes), asked of Alipay outside any transaction, and its answer applied under the
 * lock again: a paid order is never paid twice, so the membership is extended once per period.
 * A refused deduction puts the order in "payment failed" (4), mails the member once per period
 * and is retried 1, 3 and 5 days after the first attempt; after the last the renewal ends (the
 * membership ends at the end date it has) and the agreement is unsigned. An answer that is not
 * known (a timeout) leaves the claim to run out: the next tick asks again under the same order.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { OrderStatus, PayMethod, type TLanguage, type TRenewalInterval } from '@ac/protocol/enums';
import type { Mailer } from '../../adapters/mail.ts';
import type { AgreementEvent, AgreementProvider, DeductionResult } from '../../adapters/payments/billing.ts';
import type { PaymentLog } from '../../adapters/payments/types.ts';
import type { Db } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailPhrase, mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { DAY, MINUTE } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import { PAID_STATUSES } from '../orders/order-state.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { dateText, moneyText } from './subscription-sync.ts';
import { createSubscriptionsRepo } from './subscriptions.repo.ts';

/** The first deduction of a period is due this long before the period ends (no gap when it is paid). */
export const CHARGE_AHEAD_MS = DAY;
/** A refused deduction is tried again this many days after the period's first attempt; then the renewal ends. */
export const RETRY_DAYS = [1, 3, 5] as const;
/** How long a claimed deduction is held before another attempt may ask Alipay again under the same order. */
const CLAIM_MS = 15 * MINUTE;
/** The durable job of one subscription's due deduction (sent when an agreement is signed). */
export const AGREEMENT_CHARGE_JOB = 'agreement-charge';

export type AgreementChargeDeps = {
  db: Db;
  agreements: AgreementProvider | undefined;
  orders: Pick<OrdersService, 'insert' | 'lock' | 'move'>;
  memberships: Pick<MembershipsService, 'grant'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  mailer: Mailer;
  audit: AuditService;
  /** The durable job queue (modules/jobs, above this module: only its `send`, as a shape). */
  jobs?: {
    send(
      name: string,
      data: object,
      options?: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean },
    ): Promise<unknown>;
  };
  log: Pick<PaymentLog, 'warn' | 'error'>;
  defaultLanguage: TLanguage;
  webUrl: string;
  now: () => Date;
};

export type ChargeOutcome = 'notDue' | 'granted' | 'failed' | 'ended' | 'unknown' | 'duplicate';
type EventOutcome = 'signed' | 'unsigned' | 'duplicate' | 'ignored';
/**
 * One run of the due deductions: the cancelled renewals ended at their period end, each deduction's
 * outcome, and the deductions that threw (logged; the next run tries them again).
 */
export type ChargeDueCounts = { endedCancelled: number; errors: number } & Record<ChargeOutcome, number>;

export type AgreementCharges = {
  /** One due deduction of a subscription (nothing when it is not due or another attempt holds it). */
  charge(id: string): Promise<ChargeOutcome>;
  /** A verified dut_user_sign / dut_user_unsign notification, applied once. */
  applyEvent(e: AgreementEvent): Promise<EventOutcome>;
  /**
   * The same deductions with the clock standing at `at` (the admin command's `subscriptions
   * charge-due --at`, refused in production): what the scheduled job would do at that time.
   */
  asOf(at: Date): AgreementCharges;
  /** The scheduled tick: renewals that no longer renew end at their period end; every due deduction is made. */
  chargeDue(limit?: number): Promise<ChargeDueCounts>;
};

/** The end of a period of `interval` from `start` (calendar months, in UTC). */
export function periodEndOf(start: Date, interval: TRenewalInterval): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + (interval === 'year' ? 12 : 1));
  return end;
}

/** Our reference of one signing (Alipay's external_agreement_no: at most 32 characters). */
export const newSignRef = () => randomBytes(16).toString('hex');

const mismatch = (what: string) => new AppError(Code.paymentMismatch, what);

export function createAgreementCharges(d: AgreementChargeDeps): AgreementCharges {
  /** When the next deduction of a row whose paid period ends at `end` is due (now at the latest). */
  const dueBefore = (end: Date | null, at: Date) =>
    end ? new Date(Math.max(at.getTime(), end.getTime() - CHARGE_AHEAD_MS)) : at;

  /** Claims the due deduction of a subscription: its order (made once per period), held for CLAIM_MS. */
  async function claim(id: string) {
    return d.db.transaction(async (tx) => {
      const repo = createSubscriptionsRepo(tx);
      const at = d.now();
      const row = await repo.lock(id);
      if (row?.provider !== 'alipay' || !row.nextChargeAt || row.nextChargeAt > at) return null;
      if (row.state === 'ended' || row.cancelAtPeriodEnd || !row.providerSubscriptionId || !row.userId) {
        await repo.update(id, { nextChargeAt: null, updatedAt: at });
        return null;
      }
      const goods = await d.products.findGoods(row.goodsCode, tx);
      if (!goods) throw new Error(`subscription ${id}: unknown goods ${row.goodsCode}`);
      let orderNo = row.chargeOrderNo;
      if (!orderNo) {
        orderNo = newOrderNo(at);
        const periodStart = row.periodEnd ?? at;
        await d.orders.insert(
          {
            orderNo,
            userId: row.userId,
            goodsCode: row.goodsCode,
            quantity: 1,
            serviceType: goods.serviceType,
            channel: 'subscription',
            orderType: row.periodEnd ? 'renewal' : 'automatic',
            status: OrderStatus.unpaid,
            currency: row.currency,
            orderAmount: row.amount,
            payAmount: 0,
            payMethod: PayMethod.alipay,
            subscriptionId: row.id,
            // one order per agreement and period
            invoiceId: `alipay:${row.providerSubscriptionId}:${periodStart.toISOString()}`,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
      }
      await repo.update(id, { chargeOrderNo: orderNo, nextChargeAt: new Date(at.getTime() + CLAIM_MS), updatedAt: at });
      return { row, orderNo, subject: goods.name, agreementNo: row.providerSubscriptionId };
    });
  }

  /** Applies Alipay's answer to the claimed deduction; answers the outcome and whether to unsign. */
  async function settle(id: string, orderNo: string, result: Exclude<DeductionResult, { result: 'unknown' }>) {
    return d.db.transaction(async (tx) => {
      const repo = createSubscriptionsRepo(tx);
      const at = d.now();
      const row = await repo.lock(id);
      const order = await d.orders.lock(orderNo, tx);
      if (!row || !order || !row.userId) throw new Error(`deduction ${orderNo} of ${id} lost its rows`);
      if (PAID_STATUSES.some((s) => s === order.status)) return { outcome: 'duplicate' as const, unsign: null };
      const goods = await d.products.findGoods(row.goodsCode, tx);
      if (result.result === 'paid') {
        const start = row.periodEnd ?? at;
        const end = periodEndOf(start, row.interval);
        const granted = await d.memberships.grant(
          {
            userId: row.userId,
            goodsCode: row.goodsCode,
            days: (end.getTime() - start.getTime()) / DAY,
            sourceType: 'order',
            sourceId: orderNo,
            now: at,
          },
          tx,
        );
        const payTime = result.paidAt ?? at;
        const moved = await d.orders.move(
          orderNo,
          order.status,
          OrderStatus.paid,
          {
            payAmount: order.orderAmount,
            payTime,
            startDate: granted.startTime,
            endDate: granted.endTime,
            updatedAt: at,
          },
          tx,
        );
        if (!moved) throw new Error(`order ${orderNo} changed under the subscription's lock`);
        await repo.update(id, {
          state: 'active',
          periodStart: start,
          periodEnd: end,
          chargeFailures: 0,
          chargeOrderNo: null,
          nextChargeAt: row.cancelAtPeriodEnd ? null : dueBefore(end, at),
          updatedAt: at,
        });
        await d.audit.record(
          {
            event: 'subscription.paid',
            userId: row.userId,
            detail: {
              subscriptionId: id,
              orderNo,
              provider: 'alipay',
              tradeNo: result.tradeNo,
              amount: order.orderAmount,
            },
          },
          tx,
        );
        return { outcome: 'granted' as const, unsign: null };
      }
      // refused: the order is "payment failed"; retried on RETRY_DAYS from the first attempt
      const failures = row.chargeFailures + 1;
      if (order.status === OrderStatus.unpaid) {
        await d.orders.move(orderNo, OrderStatus.unpaid, OrderStatus.payFailed, { updatedAt: at }, tx);
      }
      const retryDays = RETRY_DAYS[failures - 1];
      const nextAttempt = retryDays === undefined ? null : new Date(order.createdAt.getTime() + retryDays * DAY);
      const gaveUp = nextAttempt === null;
      await repo.update(id, {
        state: gaveUp ? 'ended' : row.state === 'active' ? 'pastDue' : row.state,
        chargeFailures: gaveUp ? 0 : failures,
        chargeOrderNo: gaveUp ? null : orderNo,
        nextChargeAt: nextAttempt,
        updatedAt: at,
      });
      await d.audit.record(
        {
          event: 'subscription.paymentFailed',
          userId: row.userId,
          detail: { subscriptionId: id, orderNo, provider: 'alipay', reason: result.reason, attempt: failures },
        },
        tx,
      );
      const user = failures === 1 ? await d.users.findLive(row.userId, tx) : null;
      if (user?.email) {
        const language = messageLanguage(row.language, d.defaultLanguage);
        await d.mailer.send(
          {
            to: user.email,
            ...mailText(language, 'renewalFailed', {
              goods: goods?.name ?? row.goodsCode,
              amount: moneyText(order.orderAmount, order.currency),
              retry: nextAttempt ? mailPhrase(language, 'renewalRetryAt', { at: dateText(nextAttempt) }) : '',
              end: dateText(row.periodEnd ?? at),
              link: `${d.webUrl}/products`,
            }),
          },
          tx,
        );
      }
      return {
        outcome: gaveUp ? ('ended' as const) : ('failed' as const),
        unsign: gaveUp ? row.providerSubscriptionId : null,
      };
    });
  }

  /** One due deduction of a subscription (nothing when it is not due or another attempt holds it). */
  async function charge(id: string): Promise<ChargeOutcome> {
    const agreements = d.agreements;
    if (!agreements) return 'notDue';
    const claimed = await claim(id);
    if (!claimed) return 'notDue';
    const result = await agreements.deduct({
      orderNo: claimed.orderNo,
      agreementNo: claimed.agreementNo,
      amount: claimed.row.amount,
      subject: claimed.subject,
    });
    if (result.result === 'unknown') {
      d.log.warn({ subscriptionId: id, orderNo: claimed.orderNo, reason: result.reason }, 'alipay deduction not known');
      return 'unknown';
    }
    const { outcome, unsign } = await settle(id, claimed.orderNo, result);
    if (unsign) {
      await agreements.unsign(unsign).catch((e: unknown) => {
        d.log.error({ err: e, subscriptionId: id }, 'the agreement of an ended renewal could not be unsigned');
      });
    }
    return outcome;
  }

  /** A verified dut_user_sign / dut_user_unsign notification, applied once. */
  async function applyEvent(e: AgreementEvent): Promise<EventOutcome> {
    const outcome = await d.db.transaction(async (tx): Promise<EventOutcome> => {
      const repo = createSubscriptionsRepo(tx);
      const at = d.now();
      const claimed = await repo.claimEvent({
        provider: 'alipay',
        eventId: e.eventId,
        type: e.type,
        subscriptionId: e.agreementNo,
        outcome: 'received',
      });
      if (!claimed) return 'duplicate';
      let result: EventOutcome = 'ignored';
      if (e.kind === 'signed') {
        const row = await repo.lockBySignRef(e.signRef);
        if (!row) throw mismatch(`alipay agreement ${e.agreementNo} names an unknown signing ${e.signRef}`);
        if (row.providerSubscriptionId === e.agreementNo) result = 'duplicate';
        else if (row.state !== 'ended') {
          await repo.update(row.id, {
            providerSubscriptionId: e.agreementNo,
            providerCustomerId: e.payerId,
            cancelAtPeriodEnd: false,
            nextChargeAt: dueBefore(row.periodEnd, at),
            syncedAt: e.at,
            updatedAt: at,
          });
          await d.audit.record(
            {
              event: 'subscription.signed',
              userId: row.userId,
              detail: { subscriptionId: row.id, agreementNo: e.agreementNo },
            },
            tx,
          );
          result = 'signed';
        }
      } else {
        const row = await repo.lockByProviderId('alipay', e.agreementNo);
        if (row && row.state !== 'ended' && !(row.cancelAtPeriodEnd && row.nextChargeAt === null)) {
          const running = row.periodEnd !== null && row.periodEnd > at;
          await repo.update(row.id, {
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            ...(running ? {} : { state: 'ended' as const, chargeOrderNo: null }),
            syncedAt: e.at,
            updatedAt: at,
          });
          await d.audit.record(
            {
              event: 'subscription.unsigned',
              userId: row.userId,
              detail: { subscriptionId: row.id, agreementNo: e.agreementNo },
            },
            tx,
          );
          result = 'unsigned';
        } else if (row) result = 'duplicate';
      }
      await repo.setEventOutcome('alipay', e.eventId, result);
      return result;
    });
    if (outcome === 'signed' && d.jobs) {
      // the first deduction (or, after a resume, none yet): the job asks; the tick would find it too
      const row = await createSubscriptionsRepo(d.db).lockBySignRef(e.signRef);
      if (row?.nextChargeAt && row.nextChargeAt <= d.now()) {
        await d.jobs.send(AGREEMENT_CHARGE_JOB, { id: row.id }, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
      }
    }
    return outcome;
  }

  return {
    charge,
    applyEvent,
    asOf: (at: Date) => createAgreementCharges({ ...d, now: () => new Date(at) }),
    async chargeDue(limit = 200) {
      const ended = await createSubscriptionsRepo(d.db).endCancelled(d.now());
      const due = await createSubscriptionsRepo(d.db).dueCharges(d.now(), limit);
      const counts: Record<ChargeOutcome, number> = {
        notDue: 0,
        granted: 0,
        failed: 0,
        ended: 0,
        unknown: 0,
        duplicate: 0,
      };
      let errors = 0;
      for (const { id } of due) {
        try {
          counts[await charge(id)] += 1;
        } catch (err) {
          errors += 1;
          d.log.error({ err, subscriptionId: id }, 'alipay deduction failed');
        }
      }
      return { endedCancelled: ended, errors, ...counts };
    },
  };
}
