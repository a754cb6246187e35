/**
 * The console's languages: English and Simplified Chinese, the operators of both regions
 * (docs/decisions/0038-operator-console.md); a browser in any other language gets English.
 * Catalogue messages come from the member app's `errors` files of the same two languages.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enErrors from '@/i18n/locales/en/errors.json';
import zhErrors from '@/i18n/locales/zh-CN/errors.json';
import en from './en.json';
import zhCN from './zh-CN.json';

export const CONSOLE_LANGUAGES = ['en', 'zh-CN'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
const STORE_KEY = 'ac-console-language';

export function pickLanguage(stored: string | null, browser: readonly string[]): ConsoleLanguage {
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return browser.some((l) => /^zh(-CN|-Hans|$)/i.test(l)) ? 'zh-CN' : 'en';
}

export const consoleI18n = i18next.createInstance();
void consoleI18n.use(initReactI18next).init({
  lng: pickLanguage(localStorage.getItem(STORE_KEY), navigator.languages ?? [navigator.language]),
  fallbackLng: 'en',
  defaultNS: 'console',
  resources: {
    en: { console: en, errors: enErrors },
    'zh-CN': { console: zhCN, errors: zhErrors },
  },
  interpolation: { escapeValue: false },
});

export function setConsoleLanguage(language: ConsoleLanguage) {
  localStorage.setItem(STORE_KEY, language);
  document.documentElement.lang = language;
  return consoleI18n.changeLanguage(language);
}
