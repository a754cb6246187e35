/** Renewing memberships: plans, mine, subscribe, cancel, resume, change plan, the card portal (docs/product.md#renewing-memberships). */
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  ZRenewalPlansResponse,
  ZSubscribeRequest,
  ZSubscribeResponse,
  ZSubscription,
  ZSubscriptionChangeRequest,
  ZSubscriptionChangeResponse,
  ZSubscriptionPortalResponse,
  ZSubscriptionRequest,
  ZSubscriptionResumeResponse,
  ZSubscriptionsResponse,
} from '../subscriptions.ts';

const providerErrors = [Code.payMethodUnavailable, Code.paymentProviderFailed];

export const subscriptions = {
  plans: defineContract({
    path: '/order/v5/subscription/plans',
    summary: 'The goods that can be bought renewing every month or year, with the price of each interval',
    tag: 'subscriptions',
    auth: false,
    request: ZEmpty,
    response: ZRenewalPlansResponse,
  }),
  mine: defineContract({
    path: '/order/v5/subscription/mine',
    summary: 'My renewing memberships with their renewal state (renews on, cancelled — ends on, a scheduled change)',
    tag: 'subscriptions',
    auth: true,
    request: ZEmpty,
    response: ZSubscriptionsResponse,
  }),
  subscribe: defineContract({
    path: '/order/v5/subscription/subscribe',
    summary:
      'Start a renewing membership of a goods code and interval: the provider’s page to open (overseas Stripe Billing’s hosted checkout; in China Alipay’s agreement signing page)',
    tag: 'subscriptions',
    auth: true,
    request: ZSubscribeRequest,
    response: ZSubscribeResponse,
    errors: [Code.renewalPlanNotFound, Code.subscriptionExists, ...providerErrors],
  }),
  cancel: defineContract({
    path: '/order/v5/subscription/cancel',
    summary: 'Stop renewing: the membership runs to the end of its paid period (a scheduled change is dropped)',
    tag: 'subscriptions',
    auth: true,
    request: ZSubscriptionRequest,
    response: ZSubscription,
    errors: [Code.subscriptionNotFound, Code.subscriptionEnded, ...providerErrors],
  }),
  resume: defineContract({
    path: '/order/v5/subscription/resume',
    summary:
      'Renew again a cancelled membership before its period ends (an Alipay agreement is signed again: answers the signing page to open)',
    tag: 'subscriptions',
    auth: true,
    request: ZSubscriptionRequest,
    response: ZSubscriptionResumeResponse,
    errors: [Code.subscriptionNotFound, Code.subscriptionEnded, ...providerErrors],
  }),
  change: defineContract({
    path: '/order/v5/subscription/change',
    summary:
      'Change the plan: a higher level now, charging the prorated difference (an upgrade order); a lower one at the period end (status 7 on the current order)',
    tag: 'subscriptions',
    auth: true,
    request: ZSubscriptionChangeRequest,
    response: ZSubscriptionChangeResponse,
    errors: [
      Code.subscriptionNotFound,
      Code.subscriptionEnded,
      Code.renewalPlanNotFound,
      Code.subscriptionSamePlan,
      Code.subscriptionChargeDeclined,
      Code.subscriptionChangeUnavailable,
      ...providerErrors,
    ],
  }),
  portal: defineContract({
    path: '/order/v5/subscription/portal',
    summary: 'A session of the provider’s customer portal, where the member changes the card; answers its URL',
    tag: 'subscriptions',
    auth: true,
    request: ZSubscriptionRequest,
    response: ZSubscriptionPortalResponse,
    errors: [Code.subscriptionNotFound, Code.subscriptionCardUnavailable, ...providerErrors],
  }),
};
