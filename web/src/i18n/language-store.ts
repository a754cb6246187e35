/**
 * The current language and its antd / antd-mobile locales. Switching loads
 * everything first, then updates i18next, dayjs, `<html lang>`, the client
 * info sent with calls and (when asked) the `language` cookie at once.
 */
import type { TLanguage } from '@ac/protocol/enums';
import dayjs from 'dayjs';
import { useSyncExternalStore } from 'react';
import { setClientLanguage } from '@/lib/api/client-info';
import { setCookie } from '@/lib/cookies';
import { LANGUAGE_COOKIE } from './detect-language';
import { i18next } from './i18n';
import { type LanguageBundle, languages } from './languages';

export type LanguageState = { language: TLanguage } & LanguageBundle;

let state: LanguageState | undefined;
const listeners = new Set<() => void>();

export async function applyLanguage(language: TLanguage, options: { persist?: boolean } = {}): Promise<void> {
  const entry = languages[language];
  const [loaded] = await Promise.all([entry.load(), i18next.changeLanguage(language)]);
  dayjs.locale(entry.dayjs);
  document.documentElement.lang = language;
  setClientLanguage(language);
  if (options.persist) setCookie(LANGUAGE_COOKIE, language);
  state = { language, ...loaded };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): LanguageState {
  if (!state) throw new Error('applyLanguage() must run before the app renders');
  return state;
}

export function useLanguageState(): LanguageState {
  return useSyncExternalStore(subscribe, snapshot);
}
