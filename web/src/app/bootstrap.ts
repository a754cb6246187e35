/**
 * Start-up before the first render: keep the tracked URL parameters (and
 * adopt a `utoken` handed over by a CAD client), pick and load the language,
 * wire the re-login flow, fetch the envelope key if missing, build the router.
 */
import { detectLanguage, LANGUAGE_COOKIE } from '@/i18n/detect-language';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { ensureKey } from '@/lib/api/api-client';
import { configureSessionExpiry } from '@/lib/api/session-expiry';
import { getAppConfig } from '@/lib/app-config';
import { getCookie } from '@/lib/cookies';
import { currentAppPath, navigateTo, setNavigator } from '@/lib/navigation';
import { clearSession } from '@/lib/session/clear-session';
import { loginHref } from '@/lib/session/login-path';
import { persistTrackedParams } from '@/lib/tracked-params';
import { createAppRouter } from './router';

/** The token is kept in its cookie: it should not stay in the address bar or history. */
function dropTokenFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('utoken')) return;
  url.searchParams.delete('utoken');
  window.history.replaceState(window.history.state, '', url);
}

export async function bootstrap() {
  const config = getAppConfig();
  persistTrackedParams();
  dropTokenFromUrl();

  const params = new URLSearchParams(window.location.search);
  const language = detectLanguage({
    search: window.location.search,
    cookie: getCookie(LANGUAGE_COOKIE),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
    region: config.region,
  });
  await initI18n(language);
  await applyLanguage(language, { persist: params.has('lang') || params.has('language') });

  configureSessionExpiry({
    clearSession,
    goToLogin: () => navigateTo(loginHref(currentAppPath(config.basePath)), { replace: true }),
  });
  void ensureKey().catch(() => undefined);

  const router = createAppRouter(config);
  setNavigator((to, options) => router.navigate(to, options));
  return router;
}
