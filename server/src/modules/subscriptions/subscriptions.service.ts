/**
 * Renewing memberships (docs/product.md#renewing-memberships): the plans, mine, subscribe through
 * the billing provider's hosted checkout, cancel and resume, change the plan (a higher level now
 * with the prorated difference, a lower one or another interval at the period end: status 7 on
 * the current order), the provider's card portal. Each call asks the provider first and writes
 * its answer onto our row; the provider's events (subscription-events.ts) say the same again.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TCurrency, type TLanguage } from '@ac/protocol/enums';
import type {
  TRenewalPlansResponse,
  TSubscribeRequest,
  TSubscribeResponse,
  TSubscription,
  TSubscriptionChangeRequest,
  TSubscriptionChangeResponse,
  TSubscriptionResumeResponse,
} from '@ac/protocol/subscriptions';
import { and, eq, ne } from 'drizzle-orm';
import type {
  AgreementProvider,
  BillingPlan,
  BillingProvider,
  BillingSubscription,
} from '../../adapters/payments/billing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { storeSubscriptions, subscriptions } from '../../db/schema/index.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { AppError } from '../../lib/app-error.ts';
import { iso } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { CHARGE_AHEAD_MS, newSignRef } from './agreement-charges.ts';
import { providerTime, syncSubscription, toSubscription } from './subscription-sync.ts';
import { createSubscriptionsRepo, type SubscriptionRow } from './subscriptions.repo.ts';

/** The job that ends a deleted account's subscriptions at the provider (retried until the provider answers). */
export const SUBSCRIPTION_CANCEL_JOB = 'subscriptions.cancel-deleted';
type CancelRetry = { retryLimit: number; retryDelay: number; retryBackoff: boolean };
/** 10 s, doubling, 12 times (about 11 hours): the provider's outage outlived, never a renewal of a deleted account. */
const CANCEL_RETRY: CancelRetry = { retryLimit: 12, retryDelay: 10, retryBackoff: true };
/** What the deletion needs of the durable job queue (modules/jobs/job-queue.ts sits above this module). */
type CancelJobs = {
  send(name: string, data: { id: string }, options: CancelRetry, tx?: Tx): Promise<string | null>;
  prepare(name: string): Promise<void>;
  wake(name: string): void;
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): void;
};

type Deps = {
  db: Db;
  billing: BillingProvider | undefined;
  /** Ends a deleted account's subscriptions at the provider (forgetUser). */
  jobs?: CancelJobs;
  /** China: Alipay agreement payments (agreement-charges.ts deducts each period). */
  agreements?: AgreementProvider | undefined;
  currency: TCurrency;
  defaultLanguage: TLanguage;
  orders: Pick<OrdersService, 'move' | 'servedOfSubscription'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  audit: AuditService;
  now?: () => Date;
};
type Origin = { ip?: string; requestId?: string };

export function createSubscriptionsService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createSubscriptionsRepo(d.db);
  const priceOf = (p: { priceUsd: number; priceCny: number }) => (d.currency === 'USD' ? p.priceUsd : p.priceCny);

  function provider(): BillingProvider {
    if (!d.billing) throw new AppError(Code.payMethodUnavailable);
    return d.billing;
  }
  function agreements(): AgreementProvider {
    if (!d.agreements) throw new AppError(Code.payMethodUnavailable);
    return d.agreements;
  }

  async function plan(goodsCode: string, interval: string): Promise<BillingPlan & { level: number }> {
    const row = await repo.plan(goodsCode, interval);
    if (!row) throw new AppError(Code.renewalPlanNotFound, `${goodsCode} ${interval}`);
    return {
      goodsCode,
      name: row.name,
      interval: row.plan.interval,
      amount: priceOf(row.plan),
      currency: d.currency,
      level: row.level,
    };
  }

  async function view(row: SubscriptionRow): Promise<TSubscription> {
    const goods = await d.products.findGoods(row.goodsCode);
    const next = row.nextGoodsCode ? await d.products.findGoods(row.nextGoodsCode) : null;
    return toSubscription(row, goods?.name ?? row.goodsCode, next?.name ?? null);
  }

  /** My subscription that started at the provider and has not ended; 2600002 / 2600004 otherwise. */
  async function mine(userId: string, id: string): Promise<SubscriptionRow & { providerSubscriptionId: string }> {
    const row = await repo.find(id);
    if (!row || row.userId !== userId || !row.providerSubscriptionId) throw new AppError(Code.subscriptionNotFound);
    if (row.state === 'ended') throw new AppError(Code.subscriptionEnded);
    return { ...row, providerSubscriptionId: row.providerSubscriptionId };
  }

  /** Writes the provider's answer onto the row (and `extra`), under its lock; answers the row. */
  async function apply(id: string, s: BillingSubscription, extra: Parameters<typeof repo.update>[1] = {}) {
    return d.db.transaction(async (tx) => {
      const r = createSubscriptionsRepo(tx);
      const row = await r.lock(id);
      if (!row) throw new AppError(Code.subscriptionNotFound);
      const synced = await syncSubscription(r, row, s, providerTime(now()), now());
      return Object.keys(extra).length > 0 ? r.update(id, { ...extra, updatedAt: now() }) : synced;
    });
  }

  /**
   * Status 7 "conversion due" on the order of the current period while a change is scheduled
   * for its end (`due`), back to 1 when the change is dropped.
   */
  async function markConversion(row: SubscriptionRow, due: boolean) {
    const [current] = await d.orders.servedOfSubscription(row.id, now());
    if (!current) return;
    const [from, to] = due
      ? [OrderStatus.paid, OrderStatus.conversionDue]
      : [OrderStatus.conversionDue, OrderStatus.paid];
    if (current.status === from) await d.orders.move(current.orderNo, from, to, { updatedAt: now() });
  }

  /** Drops a scheduled change: the schedule released at the provider, the order back to 1. */
  async function dropScheduled(row: SubscriptionRow) {
    if (!row.scheduleId) return row;
    await provider().releaseSchedule(row.scheduleId);
    await markConversion(row, false);
    return repo.update(row.id, { scheduleId: null, nextGoodsCode: null, nextInterval: null, updatedAt: now() });
  }

  // a deleted account's subscription: ended at the provider now, so nothing renews it any more
  d.jobs?.work<{ id: string }>(SUBSCRIPTION_CANCEL_JOB, async ({ id }) => {
    const row = await repo.find(id);
    if (!row?.providerSubscriptionId) return;
    if (row.provider === 'alipay') {
      // China: the agreement unsigned at Alipay, so no deduction can follow
      if (!d.agreements) return;
      await d.agreements.unsign(row.providerSubscriptionId);
      await repo.update(id, { cancelAtPeriodEnd: true, state: 'ended', nextChargeAt: null, updatedAt: now() });
      return;
    }
    if (!d.billing) return;
    const s = await d.billing.cancelNow(row.providerSubscriptionId);
    await repo.update(id, {
      cancelAtPeriodEnd: true,
      state: s.status === 'ended' ? 'ended' : row.state,
      updatedAt: now(),
    });
  });

  /** China: a pending row and Alipay's signing page (sign, then pay: the first deduction follows the signing). */
  async function subscribeWithAgreement(
    userId: string,
    req: TSubscribeRequest,
    language: string | undefined,
    origin: Origin,
  ): Promise<TSubscribeResponse> {
    const alipay = agreements();
    const p = await plan(req.goodsCode, req.interval);
    if ((await repo.ofUserIn(userId, ['active', 'pastDue'])).length > 0) throw new AppError(Code.subscriptionExists);
    if (!(await d.users.findLive(userId))) throw new AppError(Code.userNotFound);
    const signRef = newSignRef();
    const row = await repo.insert({
      userId,
      provider: 'alipay',
      goodsCode: p.goodsCode,
      interval: p.interval,
      amount: p.amount,
      currency: p.currency,
      state: 'pending',
      signRef,
      language: messageLanguage(language, d.defaultLanguage),
      createdAt: now(),
      updatedAt: now(),
    });
    const payUrl = await alipay.signUrl({ ref: row.id, signRef, plan: p, firstDeduction: now() });
    await d.audit.record({
      event: 'subscription.started',
      userId,
      ...origin,
      detail: { subscriptionId: row.id, goodsCode: p.goodsCode, interval: p.interval, provider: 'alipay' },
    });
    return { id: row.id, payUrl };
  }

  /** China: the agreement unsigned at Alipay; no further deductions, the paid period runs to its end. */
  async function cancelAgreement(row: SubscriptionRow & { providerSubscriptionId: string }) {
    if (row.cancelAtPeriodEnd) return row;
    await agreements().unsign(row.providerSubscriptionId);
    const running = row.periodEnd !== null && row.periodEnd > now();
    return repo.update(row.id, {
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      ...(running ? {} : { state: 'ended' as const, chargeOrderNo: null }),
      updatedAt: now(),
    });
  }

  /** China: a new agreement to sign (the old one was unsigned); the row renews again once Alipay says it is signed. */
  async function resumeAgreement(row: SubscriptionRow): Promise<TSubscriptionResumeResponse> {
    if (!row.cancelAtPeriodEnd) return view(row);
    if (!row.periodEnd || row.periodEnd <= now()) throw new AppError(Code.subscriptionEnded);
    const signRef = newSignRef();
    const updated = await repo.update(row.id, { signRef, updatedAt: now() });
    const goods = await d.products.findGoods(row.goodsCode);
    const signUrl = await agreements().signUrl({
      ref: row.id,
      signRef,
      plan: {
        goodsCode: row.goodsCode,
        name: goods?.name ?? row.goodsCode,
        interval: row.interval,
        amount: row.amount,
        currency: row.currency,
      },
      firstDeduction: new Date(row.periodEnd.getTime() - CHARGE_AHEAD_MS),
    });
    return { ...(await view(updated)), signUrl };
  }

  return {
    /** Before the deletion's transaction: the cancel job's queue exists (sent inside it). */
    async prepareForget() {
      await d.jobs?.prepare(SUBSCRIPTION_CANCEL_JOB);
    },

    /**
     * Inside the account deletion's transaction: every subscription of the member that is not
     * ended stops renewing — ended here, and a durable job ends it at the provider (retried until
     * the provider answers); one whose checkout was never completed just ends.
     */
    async forgetUser(userId: string, tx: Tx) {
      const live = await tx
        .select({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), ne(subscriptions.state, 'ended')))
        .for('update');
      for (const row of live) {
        if (row.providerSubscriptionId && d.jobs) {
          await d.jobs.send(SUBSCRIPTION_CANCEL_JOB, { id: row.id }, CANCEL_RETRY, tx);
        }
      }
      if (live.length > 0) {
        await tx
          .update(subscriptions)
          .set({ state: 'ended', cancelAtPeriodEnd: true, scheduleId: null, nextChargeAt: null, updatedAt: now() })
          .where(and(eq(subscriptions.userId, userId), ne(subscriptions.state, 'ended')));
      }
      // a store's subscriptions are the store's to cancel: we forget them (their later notifications name no account)
      await tx.delete(storeSubscriptions).where(eq(storeSubscriptions.userId, userId));
    },

    /** After the deletion committed: the cancel jobs run now. */
    afterForget() {
      d.jobs?.wake(SUBSCRIPTION_CANCEL_JOB);
    },

    async plans(): Promise<TRenewalPlansResponse> {
      const rows = await repo.plans();
      return {
        rows: rows.map((r) => ({
          goodsCode: r.plan.goodsCode as TSubscription['goodsCode'],
          name: r.name,
          level: r.level,
          interval: r.plan.interval,
          price: { amount: priceOf(r.plan), currency: d.currency },
        })),
      };
    },

    /** My renewing memberships that started, and ended ones whose paid period still runs. */
    async list(userId: string): Promise<{ rows: TSubscription[] }> {
      const at = now();
      const rows = (await repo.ofUser(userId)).filter(
        ({ s }) => s.state !== 'ended' || (s.periodEnd !== null && s.periodEnd > at),
      );
      const ours = await Promise.all(rows.map(({ s }) => view(s)));
      // the ones a store manages (docs/decisions/0048-app-store-purchases.md), the same way
      const atStores: TSubscription[] = (await repo.storeOfUser(userId))
        .filter(({ s }) => s.state !== 'ended' || s.expiresAt > at)
        .map(({ s, name }) => ({
          id: s.id,
          provider: s.store,
          manageUrl: s.manageUrl,
          goodsCode: s.goodsCode as TSubscription['goodsCode'],
          name,
          interval: s.interval,
          price: { amount: s.amount, currency: s.currency },
          state: s.state,
          cancelAtPeriodEnd: !s.autoRenewing,
          periodEnd: iso(s.expiresAt),
          scheduledChange: null,
        }));
      return { rows: [...ours, ...atStores] };
    },

    async subscribe(
      userId: string,
      req: TSubscribeRequest,
      language: string | undefined,
      origin: Origin,
    ): Promise<TSubscribeResponse> {
      if (!d.billing && d.agreements) return subscribeWithAgreement(userId, req, language, origin);
      const billing = provider();
      const p = await plan(req.goodsCode, req.interval);
      if ((await repo.ofUserIn(userId, ['active', 'pastDue'])).length > 0) throw new AppError(Code.subscriptionExists);
      const user = await d.users.findLive(userId);
      if (!user) throw new AppError(Code.userNotFound);
      const row = await repo.insert({
        userId,
        provider: billing.name,
        goodsCode: p.goodsCode,
        interval: p.interval,
        amount: p.amount,
        currency: p.currency,
        state: 'pending',
        language: messageLanguage(language, d.defaultLanguage),
        createdAt: now(),
        updatedAt: now(),
      });
      const customerId = await repo.customerOf(userId, billing.name);
      const { payUrl } = await billing.checkout({ ref: row.id, userId, email: user.email, customerId, plan: p });
      await d.audit.record({
        event: 'subscription.started',
        userId,
        ...origin,
        detail: { subscriptionId: row.id, goodsCode: p.goodsCode, interval: p.interval, provider: billing.name },
      });
      return { id: row.id, payUrl };
    },

    /** Stops renewing (a scheduled change is dropped first): it runs to its period end. */
    async cancel(userId: string, id: string, origin: Origin): Promise<TSubscription> {
      const own = await mine(userId, id);
      if (own.provider === 'alipay') {
        const cancelled = await cancelAgreement(own);
        await d.audit.record({ event: 'subscription.cancelled', userId, ...origin, detail: { subscriptionId: id } });
        return view(cancelled);
      }
      const row = await dropScheduled(own);
      const s = await provider().setCancelAtPeriodEnd(row.providerSubscriptionId!, true);
      await d.audit.record({ event: 'subscription.cancelled', userId, ...origin, detail: { subscriptionId: id } });
      return view(await apply(id, s));
    },

    async resume(userId: string, id: string, origin: Origin): Promise<TSubscriptionResumeResponse> {
      const row = await mine(userId, id);
      if (row.provider === 'alipay') {
        const resumed = await resumeAgreement(row);
        await d.audit.record({ event: 'subscription.resumed', userId, ...origin, detail: { subscriptionId: id } });
        return resumed;
      }
      const s = await provider().setCancelAtPeriodEnd(row.providerSubscriptionId, false);
      await d.audit.record({ event: 'subscription.resumed', userId, ...origin, detail: { subscriptionId: id } });
      return view(await apply(id, s));
    },

    /** A higher level now (the prorated difference charged: an upgrade order), else at the period end (status 7). */
    async change(
      userId: string,
      req: TSubscriptionChangeRequest,
      origin: Origin,
    ): Promise<TSubscriptionChangeResponse> {
      let row: SubscriptionRow = await mine(userId, req.id);
      if (row.provider === 'alipay') throw new AppError(Code.subscriptionChangeUnavailable);
      const billing = provider();
      const p = await plan(req.goodsCode, req.interval);
      if (p.goodsCode === row.goodsCode && p.interval === row.interval) throw new AppError(Code.subscriptionSamePlan);
      const current = await d.products.findGoods(row.goodsCode);
      const effective = p.level > (current?.level ?? 0) ? 'now' : 'periodEnd';
      const subId = row.providerSubscriptionId!;
      row = await dropScheduled(row);
      if (effective === 'now') {
        const s = await billing.changeNow(subId, row.id, p);
        row = await apply(row.id, s, { goodsCode: p.goodsCode, interval: p.interval, amount: p.amount });
      } else {
        const { scheduleId } = await billing.changeAtPeriodEnd(subId, row.id, p);
        row = await repo.update(row.id, {
          scheduleId,
          nextGoodsCode: p.goodsCode,
          nextInterval: p.interval,
          updatedAt: now(),
        });
        await markConversion(row, true);
      }
      await d.audit.record({
        event: 'subscription.changed',
        userId,
        ...origin,
        detail: { subscriptionId: row.id, goodsCode: p.goodsCode, interval: p.interval, effective },
      });
      return { effective, subscription: await view(row) };
    },

    /** The provider's customer portal for my subscription's customer (change the card). */
    async portal(userId: string, id: string): Promise<{ url: string }> {
      const row = await repo.find(id);
      if (!row || row.userId !== userId || !row.providerCustomerId) throw new AppError(Code.subscriptionNotFound);
      if (row.provider === 'alipay') throw new AppError(Code.subscriptionCardUnavailable);
      return provider().portal(row.providerCustomerId);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
