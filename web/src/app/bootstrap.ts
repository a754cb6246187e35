/**
 * Start-up before the first render: keep the tracked URL parameters, read a
 * session handed over by a CAD client (`?handover=` or a raw `?utoken=`;
 * it waits for the user's choice, session or not), build the router (which starts loading the first page),
 * pick and load the language (with antd's locale where the first page has
 * antd), wire the re-login flow, fetch the envelope key if missing.
 */

import { detectLanguage, LANGUAGE_COOKIE } from '@/i18n/detect-language';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage, wantAntdLocale } from '@/i18n/language-store';
import { ensureKey } from '@/lib/api/api-client';
import { configureSessionExpiry } from '@/lib/api/session-expiry';
import { getAppConfig } from '@/lib/app-config';
import { getCookie } from '@/lib/cookies';
import { currentAppPath, navigateTo, setNavigator } from '@/lib/navigation';
import { clearSession } from '@/lib/session/clear-session';
import { loginHref } from '@/lib/session/login-path';
import { persistTrackedParams } from '@/lib/tracked-params';
import { createAppRouter, pageUsesAntd } from './router';
import { dropHandoverFromUrl, takeHandover } from './session-handover';

export async function bootstrap() {
  const config = getAppConfig();
  persistTrackedParams();
  const handover = takeHandover(window.location.search);
  dropHandoverFromUrl();
  const returnTo = currentAppPath(config.basePath);
  // made first: the router starts loading the first page's shell and page while the language loads
  const router = createAppRouter(config);
  setNavigator((to, options) => router.navigate(to, options));

  const params = new URLSearchParams(window.location.search);
  const language = detectLanguage({
    search: window.location.search,
    cookie: getCookie(LANGUAGE_COOKIE),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
    region: config.region,
  });
  await initI18n(language);
  // a page built of antd components needs antd's locale at its first render; the /h5 shell and
  // the pages built without antd (the login page, the product centre) load none (docs/performance.md, "First view")
  const appPath = currentAppPath(config.basePath).split('?')[0] ?? '/';
  if (pageUsesAntd(config, appPath)) void wantAntdLocale();
  await applyLanguage(language, { persist: params.has('lang') || params.has('language') });

  configureSessionExpiry({
    clearSession,
    goToLogin: () => navigateTo(loginHref(currentAppPath(config.basePath)), { replace: true }),
  });
  void ensureKey().catch(() => undefined);
  const pending = await handover;
  return { router, pendingSwitch: pending && { ...pending, returnTo } };
}
