/**
 * Renewing payments at a provider (docs/decisions/0043-subscriptions.md): what the subscriptions
 * module asks of a billing provider (Stripe Billing, stripe-billing.ts) and the provider's
 * verified events, normalised. Amounts are minor units; currencies upper case; times are Dates.
 */
import type { TCurrency, TRenewalInterval } from '@ac/protocol/enums';

/** A plan as the provider is asked to charge it: the goods (its product) at a price per interval. */
export type BillingPlan = {
  goodsCode: string;
  name: string;
  interval: TRenewalInterval;
  amount: number;
  currency: TCurrency;
};

/** The provider's state of one subscription. */
export type BillingSubscription = {
  subscriptionId: string;
  customerId: string;
  /** Our subscription id, carried as metadata. */
  ref: string | null;
  /** The goods and interval the subscription's metadata names now. */
  goodsCode: string | null;
  interval: TRenewalInterval | null;
  status: 'incomplete' | 'active' | 'pastDue' | 'ended';
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  scheduleId: string | null;
};

/** One invoice of a subscription: a period paid (or failed), or the prorated difference of an upgrade. */
export type BillingInvoice = {
  invoiceId: string;
  subscriptionId: string;
  customerId: string;
  ref: string | null;
  goodsCode: string | null;
  interval: TRenewalInterval | null;
  /** create: the first period; cycle: a renewal; update: a prorated change of plan. */
  reason: 'create' | 'cycle' | 'update' | 'other';
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  /** The provider's next retry of a failed payment, when it will retry. */
  nextAttempt: Date | null;
};

export type BillingEvent = { eventId: string; type: string; at: Date; livemode: boolean } & (
  | { kind: 'checkoutCompleted'; ref: string; subscriptionId: string; customerId: string }
  | { kind: 'invoicePaid'; invoice: BillingInvoice }
  | { kind: 'invoiceFailed'; invoice: BillingInvoice }
  | { kind: 'subscriptionChanged'; subscription: BillingSubscription }
);

/** A verified billing event, as the payment gateway's `verify` reports it. */
export type BillingReport = { result: 'billing'; provider: 'stripe'; event: BillingEvent };

/** Applies a verified billing event (the subscriptions module); throws AppError to refuse it. */
export type BillingEventHandler = (event: BillingEvent, provider: 'stripe') => Promise<void>;

export type BillingProvider = {
  name: 'stripe';
  /** `live` or `test`: an event of the other mode is refused. */
  mode: 'live' | 'test';
  /** The hosted checkout of a new subscription; our id travels as its metadata. */
  checkout(r: {
    ref: string;
    userId: string;
    email: string | null;
    customerId: string | null;
    plan: BillingPlan;
  }): Promise<{
    payUrl: string;
  }>;
  get(subscriptionId: string): Promise<BillingSubscription>;
  /** Ends the subscription now (no further invoice); one already ended answers as it is. */
  cancelNow(subscriptionId: string): Promise<BillingSubscription>;
  /** Cancels at the period end (true) or renews again (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<BillingSubscription>;
  /** Changes the plan now, invoicing the prorated difference at once; throws 2600006 when the charge is declined. */
  changeNow(subscriptionId: string, ref: string, plan: BillingPlan): Promise<BillingSubscription>;
  /** Schedules the plan for the period end; answers the schedule's id. */
  changeAtPeriodEnd(subscriptionId: string, ref: string, plan: BillingPlan): Promise<{ scheduleId: string }>;
  /** Drops a scheduled change (the subscription renews its current plan). */
  releaseSchedule(scheduleId: string): Promise<void>;
  /** A customer portal session (change the card); answers its URL. */
  portal(customerId: string): Promise<{ url: string }>;
};

/**
 * An agreement payment provider (Alipay's periodic deduction, docs/decisions/0043-subscriptions.md):
 * the member signs an agreement on the provider's page; we then deduct each period ourselves.
 */
export type AgreementEvent = {
  /** The provider's notification id (Alipay: notify_id): the same notification again is a duplicate. */
  eventId: string;
  type: string;
  at: Date;
  /** The provider's agreement number. */
  agreementNo: string;
  /** Our reference of the signing (Alipay: external_agreement_no). */
  signRef: string;
  /** The buyer at the provider (Alipay: alipay_user_id). */
  payerId: string | null;
} & ({ kind: 'signed' } | { kind: 'unsigned' });

/** A verified agreement notification, as the payment gateway's `verify` reports it. */
export type AgreementReport = { result: 'agreement'; provider: 'alipay'; event: AgreementEvent };

/** Applies a verified agreement notification (the subscriptions module); throws AppError to refuse it. */
export type AgreementEventHandler = (event: AgreementEvent) => Promise<void>;

/** What one deduction came to: paid, refused by the provider (no money moved), or not known (ask again). */
export type DeductionResult =
  | { result: 'paid'; tradeNo: string; paidAt: Date | null }
  | { result: 'failed'; reason: string }
  | { result: 'unknown'; reason: string };

export type AgreementProvider = {
  name: 'alipay';
  /**
   * The provider's signing page of a new agreement for our subscription `ref`: `signRef` names
   * this signing, the plan is its periodic rule; the member comes back to the product centre.
   */
  signUrl(r: { ref: string; signRef: string; plan: BillingPlan; firstDeduction: Date }): Promise<string>;
  /**
   * Deducts `amount` under the agreement for our order `orderNo` (the provider's idempotency key:
   * asking again for the same order never takes the money twice).
   */
  deduct(r: { orderNo: string; agreementNo: string; amount: number; subject: string }): Promise<DeductionResult>;
  /** Ends the agreement at the provider (one ended there already counts as done). */
  unsign(agreementNo: string): Promise<void>;
};
