import type { AppStoreVerifier } from '../../adapters/payments/app-store.ts';
import type { GooglePlayClient } from '../../adapters/payments/google-play.ts';
import type { AppModule } from '../module.ts';
import type { AppStoreEvents } from './app-store-events.ts';
import type { FastspringEvents } from './fastspring-events.ts';
import type { GooglePlayEvents } from './google-play-events.ts';
import {
  registerAppStoreNotify,
  registerFastspringNotify,
  registerGooglePlayNotify,
} from './store-purchases.routes.ts';

/**
 * Purchases made in the mobile app's stores (docs/decisions/0048-app-store-purchases.md): the App
 * Store's server notifications when APPSTORE_BUNDLE_ID is set, Google Play's real-time developer
 * notifications when GOOGLE_PLAY_PACKAGE_NAME is set, FastSpring's webhooks of the popup storefront
 * when PAYMENT_PROVIDERS lists fastspring (docs/decisions/0053-popup-storefront.md).
 */
export function storePurchasesModule(d: {
  appStore: { verify: AppStoreVerifier; apply: AppStoreEvents } | undefined;
  googlePlay: { client: GooglePlayClient; apply: GooglePlayEvents } | undefined;
  fastspring: { webhookSecret: string; apply: FastspringEvents } | undefined;
}): AppModule {
  const { appStore, googlePlay, fastspring } = d;
  return {
    async register(app) {
      if (appStore) await registerAppStoreNotify(app, appStore);
      if (googlePlay) await registerGooglePlayNotify(app, googlePlay);
      if (fastspring) await registerFastspringNotify(app, fastspring);
    },
  };
}
