/**
 * What the product centre says of a renewing membership and what it offers
 * (docs/product.md#renewing-memberships): its state line, the scheduled change, and the actions
 * cancel renewal / resume / manage card.
 */
import type { TRenewalInterval } from '@ac/protocol/enums';
import type { TSubscription } from '@ac/protocol/subscriptions';

/** "Every month" / "Every year" (products namespace). */
export const intervalKey: Record<TRenewalInterval, string> = {
  month: 'products.renewalMonthly',
  year: 'products.renewalYearly',
};

export type RenewalTone = 'success' | 'warning' | 'error' | 'neutral';
/** `key` is in the products namespace; `date` and `amount` fill it. */
export type RenewalState = { key: string; tone: RenewalTone };
export type RenewalAction = 'cancel' | 'resume' | 'card';

export function renewalState(s: Pick<TSubscription, 'state' | 'cancelAtPeriodEnd'>): RenewalState {
  switch (s.state) {
    case 'pending':
      return { key: 'products.renewalPending', tone: 'warning' };
    case 'pastDue':
      return { key: 'products.renewalPastDue', tone: 'error' };
    case 'active':
      return s.cancelAtPeriodEnd
        ? { key: 'products.renewalCancelled', tone: 'warning' }
        : { key: 'products.renewalRenews', tone: 'success' };
    case 'ended':
      return { key: 'products.renewalEnded', tone: 'neutral' };
  }
}

/** "Managed in Google Play" / "in the App Store" / "by FastSpring" (products namespace); null for ours. */
export function storeManagedKey(s: Pick<TSubscription, 'provider'>): string | null {
  switch (s.provider) {
    case 'googlePlay':
      return 'products.renewalManagedGooglePlay';
    case 'appStore':
      return 'products.renewalManagedAppStore';
    case 'fastspring':
      return 'products.renewalManagedFastspring';
    default:
      return null;
  }
}

/**
 * None for a store-managed one (the member manages it at the store's page); else cancel while it renews, resume while cancelled and not ended; the card while the provider holds
 * one (Stripe: an Alipay agreement deducts from the member's Alipay account, managed in Alipay).
 */
export function renewalActions(s: Pick<TSubscription, 'state' | 'cancelAtPeriodEnd' | 'provider'>): RenewalAction[] {
  if (storeManagedKey(s) || (s.state !== 'active' && s.state !== 'pastDue')) return [];
  const first: RenewalAction = s.cancelAtPeriodEnd ? 'resume' : 'cancel';
  return s.provider === 'alipay' ? [first] : [first, 'card'];
}
