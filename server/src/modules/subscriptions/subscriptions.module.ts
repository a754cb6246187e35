import type { AppModule } from '../module.ts';
import { createSubscriptionsCalls } from './subscriptions.routes.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** Renewing memberships (docs/product.md#renewing-memberships); their provider events arrive through the payments module's notify route. */
export function subscriptionsModule(d: { subscriptions: SubscriptionsService }): AppModule {
  return { calls: createSubscriptionsCalls(d) };
}
