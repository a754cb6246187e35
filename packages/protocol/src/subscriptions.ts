/**
 * Renewing memberships (docs/product.md#renewing-memberships): the plans that renew every month
 * or year, the member's renewing memberships with their renewal state, and the answers of the
 * calls that start, cancel, resume and change them.
 */
import { z } from 'zod';
import { ZMoney, ZTime } from './common.ts';
import { ZGoodsCode } from './enum-schemas.ts';
import { RENEWAL_INTERVALS, SUBSCRIPTION_STATES } from './enums.ts';

export const ZRenewalInterval = z.enum(RENEWAL_INTERVALS);

/** One renewing price of a goods code. */
export const ZRenewalPlan = z.object({
  goodsCode: ZGoodsCode,
  name: z.string(),
  level: z.number().int(),
  interval: ZRenewalInterval,
  /** Charged every interval, in the region's currency. */
  price: ZMoney,
});
export type TRenewalPlan = z.infer<typeof ZRenewalPlan>;
export const ZRenewalPlansResponse = z.object({ rows: z.array(ZRenewalPlan) });
export type TRenewalPlansResponse = z.infer<typeof ZRenewalPlansResponse>;

/** A change of plan that takes effect at the end of the current period (a downgrade: status 7 on its order). */
export const ZScheduledChange = z.object({
  goodsCode: ZGoodsCode,
  name: z.string(),
  interval: ZRenewalInterval,
  at: ZTime,
});

export const ZSubscription = z.object({
  /** Our id of the renewing membership (not the provider's). */
  id: z.string().uuid(),
  /**
   * Who charges it: Stripe Billing (overseas) or an Alipay agreement (China) — ours to cancel,
   * resume and change — or a store that manages it (the App Store, Google Play, FastSpring): the
   * member manages those at `manageUrl`, none of our calls change them.
   */
  provider: z.enum(['stripe', 'alipay', 'appStore', 'googlePlay', 'fastspring']),
  /** The store's page where the member manages a store-managed subscription; null for ours. */
  manageUrl: z.string().url().nullable(),
  goodsCode: ZGoodsCode,
  name: z.string(),
  interval: ZRenewalInterval,
  price: ZMoney,
  state: z.enum(SUBSCRIPTION_STATES),
  /** True when it was cancelled: it runs to `periodEnd` and does not renew. */
  cancelAtPeriodEnd: z.boolean(),
  /** The end of the paid period: the next renewal, or the end when cancelled or ended. */
  periodEnd: ZTime.nullable(),
  scheduledChange: ZScheduledChange.nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;
export const ZSubscriptionsResponse = z.object({ rows: z.array(ZSubscription) });
export type TSubscriptionsResponse = z.infer<typeof ZSubscriptionsResponse>;

export const ZSubscribeRequest = z.object({ goodsCode: ZGoodsCode, interval: ZRenewalInterval });
export type TSubscribeRequest = z.infer<typeof ZSubscribeRequest>;
/** The provider's hosted checkout to open; the payer comes back to the product centre. */
export const ZSubscribeResponse = z.object({ id: z.string().uuid(), payUrl: z.string().url() });
export type TSubscribeResponse = z.infer<typeof ZSubscribeResponse>;

export const ZSubscriptionRequest = z.object({ id: z.string().uuid() });
export const ZSubscriptionChangeRequest = z.object({
  id: z.string().uuid(),
  goodsCode: ZGoodsCode,
  interval: ZRenewalInterval,
});
export type TSubscriptionChangeRequest = z.infer<typeof ZSubscriptionChangeRequest>;
/** `now`: an upgrade, charged the prorated difference at once; `periodEnd`: a downgrade, scheduled. */
export const ZSubscriptionChangeResponse = z.object({
  effective: z.enum(['now', 'periodEnd']),
  subscription: ZSubscription,
});
export type TSubscriptionChangeResponse = z.infer<typeof ZSubscriptionChangeResponse>;
/**
 * A resumed renewal: an Alipay agreement was unsigned when it was cancelled, so resuming it signs
 * a new one at `signUrl` (Alipay's page; the member comes back to the product centre).
 */
export const ZSubscriptionResumeResponse = ZSubscription.extend({ signUrl: z.string().url().optional() });
export type TSubscriptionResumeResponse = z.infer<typeof ZSubscriptionResumeResponse>;
/** The provider's customer portal, where the member changes the card. */
export const ZSubscriptionPortalResponse = z.object({ url: z.string().url() });
export type TSubscriptionPortalResponse = z.infer<typeof ZSubscriptionPortalResponse>;
