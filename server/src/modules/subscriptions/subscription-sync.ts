/**
 * The provider's state of a subscription written onto our row (from an event or the answer of
 * our own call), and the mail texts' small formats. An older state than the one applied last
 * changes nothing (events arrive in any order).
 */
import type { TSubscription } from '@ac/protocol/subscriptions';
import type { BillingSubscription } from '../../adapters/payments/billing.ts';
import { iso } from '../../lib/time.ts';
import type { SubscriptionPatch, SubscriptionRow, SubscriptionsRepo } from './subscriptions.repo.ts';

const STATES: Record<BillingSubscription['status'], SubscriptionRow['state'] | null> = {
  incomplete: null,
  active: 'active',
  pastDue: 'pastDue',
  ended: 'ended',
};

/** Applies `s` (as of `at`) to the row; answers the row as it is after. */
export async function syncSubscription(
  repo: SubscriptionsRepo,
  row: SubscriptionRow,
  s: BillingSubscription,
  at: Date,
  now: Date,
): Promise<SubscriptionRow> {
  if (row.syncedAt && at < row.syncedAt) return row;
  const patch: SubscriptionPatch = {
    providerSubscriptionId: row.providerSubscriptionId ?? s.subscriptionId,
    providerCustomerId: row.providerCustomerId ?? (s.customerId || null),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    scheduleId: s.scheduleId,
    syncedAt: at,
    updatedAt: now,
  };
  const state = STATES[s.status];
  if (state) patch.state = state;
  if (s.periodStart) patch.periodStart = s.periodStart;
  if (s.periodEnd) patch.periodEnd = s.periodEnd;
  if (s.goodsCode) patch.goodsCode = s.goodsCode;
  if (s.interval) patch.interval = s.interval;
  // the schedule was released (by us, or by the provider once its change took effect)
  if (!s.scheduleId) Object.assign(patch, { nextGoodsCode: null, nextInterval: null });
  return repo.update(row.id, patch);
}

/** Our own call's time as a provider time (whole seconds), so an event of the same second still applies. */
export const providerTime = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export function toSubscription(row: SubscriptionRow, name: string, nextName: string | null): TSubscription {
  return {
    id: row.id,
    provider: row.provider,
    manageUrl: null,
    goodsCode: row.goodsCode as TSubscription['goodsCode'],
    name,
    interval: row.interval,
    price: { amount: row.amount, currency: row.currency },
    state: row.state,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    periodEnd: row.periodEnd ? iso(row.periodEnd) : null,
    scheduledChange:
      row.nextGoodsCode && row.nextInterval && row.periodEnd
        ? {
            goodsCode: row.nextGoodsCode as TSubscription['goodsCode'],
            name: nextName ?? row.nextGoodsCode,
            interval: row.nextInterval,
            at: iso(row.periodEnd),
          }
        : null,
  };
}

/** "USD 3.99" for a mail. */
export const moneyText = (amount: number, currency: string) => `${currency} ${(amount / 100).toFixed(2)}`;
/** "2027-03-04" for a mail (UTC). */
export const dateText = (d: Date) => d.toISOString().slice(0, 10);
