/**
 * The scheduled jobs (docs/decisions/0012-durable-jobs.md): each runs one
 * service function of the module owning the table, on a cron in UTC. The
 * queue holds one job per tick whichever node's clock fires it, so several
 * nodes on one PostgreSQL database run each tick once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DataExportService } from '../data-export/data-export.service.ts';
import type { DeviceSignInService } from '../device-sign-in/device-sign-in.service.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ActivityService } from '../session/activity.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { AgreementCharges } from '../subscriptions/agreement-charges.ts';
import type { SubscriptionReminders } from '../subscriptions/subscription-reminders.ts';
import type { TradeService } from '../trade/trade.service.ts';
import type { JobQueue } from './job-queue.ts';

/** Orders awaiting payment for longer than this are checked with their gateway. */
export const RECONCILE_AFTER_MINUTES = 15;

type Deps = {
  queue: Pick<JobQueue, 'work' | 'schedule'>;
  orders: Pick<OrdersService, 'expireCouponHolds'>;
  payments: Pick<PaymentsService, 'reconcile' | 'expireServed'>;
  keys: Pick<KeysService, 'purgeExpired'>;
  sessions: Pick<SessionService, 'purgeIdleThrottles'>;
  activity: Pick<ActivityService, 'purge'>;
  deviceSignIn: Pick<DeviceSignInService, 'purgeExpired'>;
  outbox: Pick<OutboxService, 'purgeOld'>;
  trade: Pick<TradeService, 'reencryptFields'>;
  reminders: Pick<SubscriptionReminders, 'remind'>;
  agreementCharges: Pick<AgreementCharges, 'chargeDue'>;
  dataExports: Pick<DataExportService, 'purgeExpired'>;
  log: FastifyBaseLogger;
};

/** Every encrypted field not under the current key, rewritten batch by batch (docs/decisions/0040-field-key-rotation.md). */
export async function reencryptAll(trade: Pick<TradeService, 'reencryptFields'>): Promise<number> {
  let total = 0;
  for (let n = await trade.reencryptFields(); n > 0; n = await trade.reencryptFields()) total += n;
  return total;
}

/** name → [cron, what it does, returning what to log]. */
export function scheduledJobs(d: Omit<Deps, 'queue' | 'log'>) {
  return {
    // served orders end, except one whose gateway refund is still open (docs/product.md#states)
    'orders-expire': ['7 * * * *', async () => ({ expired: await d.payments.expireServed() })],
    // unpaid orders that held a coupon too long are cancelled and the coupon released (docs/product.md#coupons)
    'orders-expire-coupon-holds': ['*/5 * * * *', async () => ({ cancelled: await d.orders.expireCouponHolds() })],
    'payments-reconcile': ['*/10 * * * *', () => d.payments.reconcile(RECONCILE_AFTER_MINUTES)],
    'purge-envelope-keys': ['23 3 * * *', async () => ({ purged: await d.keys.purgeExpired() })],
    'purge-auth-throttle': ['33 3 * * *', async () => ({ purged: await d.sessions.purgeIdleThrottles() })],
    // the account's activity keeps 90 days (docs/decisions/0045-sign-in-history.md)
    'purge-activity': ['17 * * * *', async () => ({ purged: await d.activity.purge() })],
    // device sign-ins a day after they expired (docs/protocol.md#device-sign-in)
    'purge-device-sign-ins': ['38 3 * * *', async () => ({ purged: await d.deviceSignIn.purgeExpired() })],
    'purge-outbox': ['43 3 * * *', async () => ({ purged: await d.outbox.purgeOld() })],
    // after FIELD_ENCRYPTION_KEY changed, the fields still under a previous key move under the new one
    'fields-reencrypt': ['53 * * * *', async () => ({ reencrypted: await reencryptAll(d.trade) })],
    // 7 days before a renewal, and before the end of a membership nothing renews (docs/product.md#renewing-memberships)
    'subscriptions-remind': ['27 * * * *', () => d.reminders.remind()],
    // China: the Alipay agreement deductions due (a day before each period end, then the retries) (docs/product.md#renewing-memberships)
    'agreements-charge': ['*/10 * * * *', () => d.agreementCharges.chargeDue()],
    // the files of data export links past their 24 hours go (docs/decisions/0046-data-export.md)
    'data-exports-purge': ['*/15 * * * *', async () => ({ purged: await d.dataExports.purgeExpired() })],
  } as const satisfies Record<string, readonly [string, () => Promise<object>]>;
}

export function registerScheduledJobs(d: Deps): void {
  for (const [name, [cron, run]] of Object.entries(scheduledJobs(d))) {
    d.queue.work(name, async () => {
      d.log.info({ job: name, ...(await run()) }, 'scheduled job done');
    });
    d.queue.schedule(name, cron);
  }
}
