/**
 * i18next with flat camelCase keys addressed as `<namespace>.<key>`
 * (`t('errors.0000005')`, `t('orders.orderTime')`): the namespace separator
 * is ".", keys themselves have none. Locale files
 * (`locales/<lng>/<namespace>.json`) are loaded on demand, one chunk each.
 */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STARTUP_NAMESPACES } from './namespaces';

const files = import.meta.glob<{ default: Record<string, string> }>('./locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function initI18n(language: TLanguage): Promise<typeof i18next> {
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      nsSeparator: '.',
      keySeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

export { i18next };
