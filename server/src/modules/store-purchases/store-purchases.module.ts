import type { AppStoreVerifier } from '../../adapters/payments/app-store.ts';
import type { GooglePlayClient } from '../../adapters/payments/google-play.ts';
import type { AppModule } from '../module.ts';
import type { AppStoreEvents } from './app-store-events.ts';
import type { GooglePlayEvents } from './google-play-events.ts';
import { registerAppStoreNotify, registerGooglePlayNotify } from './store-purchases.routes.ts';

/**
 * Purchases made in the mobile app's stores (docs/decisions/0048-app-store-purchases.md): the App
 * Store's server notifications when APPSTORE_BUNDLE_ID is set, Google Play's real-time developer
 * notifications when GOOGLE_PLAY_PACKAGE_NAME is set.
 */
export function storePurchasesModule(d: {
  appStore: { verify: AppStoreVerifier; apply: AppStoreEvents } | undefined;
  googlePlay: { client: GooglePlayClient; apply: GooglePlayEvents } | undefined;
}): AppModule {
  const { appStore, googlePlay } = d;
  return {
    async register(app) {
      if (appStore) await registerAppStoreNotify(app, appStore);
      if (googlePlay) await registerGooglePlayNotify(app, googlePlay);
    },
  };
}
