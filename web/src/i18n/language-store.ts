/**
 * The current language and its antd / antd-mobile locales. Switching loads
 * everything first, then updates i18next, dayjs, `<html lang>`, the client
 * info sent with calls and (when asked) the `language` cookie at once. The
 * antd locale is loaded only once something asked for it (`useAntdLocale`,
 * or `wantAntdLocale()` before the first render of a desktop page): the /h5
 * shell does not load antd.
 */
import type { TLanguage } from '@ac/protocol/enums';
import dayjs from 'dayjs';
import { useEffect, useSyncExternalStore } from 'react';
import { setClientLanguage } from '@/lib/api/client-info';
import { setCookie } from '@/lib/cookies';
import { LANGUAGE_COOKIE } from './detect-language';
import { i18next } from './i18n';
import { type AntdLocale, type LanguageBundle, languages } from './languages';

/** `antd`: the antd locale of the language, once loaded (see wantAntdLocale). */
export type LanguageState = { language: TLanguage; antd?: AntdLocale } & LanguageBundle;

let state: LanguageState | undefined;
let antdWanted = false;
const listeners = new Set<() => void>();

function publish(next: LanguageState): void {
  state = next;
  for (const listener of listeners) listener();
}

export async function applyLanguage(language: TLanguage, options: { persist?: boolean } = {}): Promise<void> {
  const entry = languages[language];
  const [loaded, antd] = await Promise.all([
    entry.load(),
    antdWanted ? entry.loadAntd() : undefined,
    i18next.changeLanguage(language),
  ]);
  dayjs.locale(entry.dayjs);
  document.documentElement.lang = language;
  setClientLanguage(language);
  if (options.persist) setCookie(LANGUAGE_COOKIE, language);
  publish({ language, ...loaded, antd });
}

/** From now on every language switch loads the antd locale too; loads the current one when missing. */
export async function wantAntdLocale(): Promise<void> {
  antdWanted = true;
  const current = state;
  if (!current || current.antd) return;
  const antd = await languages[current.language].loadAntd();
  if (state?.language === current.language && !state.antd) publish({ ...state, antd });
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

/** The antd locale of the current language (undefined until it has loaded: antd's English meanwhile). */
export function useAntdLocale(): AntdLocale | undefined {
  const { antd } = useLanguageState();
  useEffect(() => {
    if (!antd) void wantAntdLocale();
  }, [antd]);
  return antd;
}
