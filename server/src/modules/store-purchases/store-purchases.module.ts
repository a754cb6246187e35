import type { AppStoreVerifier } from '../../adapters/payments/app-store.ts';
import type { AppModule } from '../module.ts';
import type { AppStoreEvents } from './app-store-events.ts';
import { registerAppStoreNotify } from './store-purchases.routes.ts';

/**
 * Purchases made in the mobile app's stores (docs/decisions/0048-app-store-purchases.md): the App
 * Store's server notifications, when APPSTORE_BUNDLE_ID is set.
 */
export function storePurchasesModule(d: {
  appStore: { verify: AppStoreVerifier; apply: AppStoreEvents } | undefined;
}): AppModule {
  const appStore = d.appStore;
  return appStore ? { register: (app) => registerAppStoreNotify(app, appStore) } : {};
}
