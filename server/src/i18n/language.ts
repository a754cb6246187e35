/** The language of a mail or SMS: the client's language when supported, else the region's default. */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';

export function messageLanguage(language: string | undefined, fallback: TLanguage): TLanguage {
  if (!language) return fallback;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === language.toLowerCase());
  if (exact) return exact;
  const base = language.split('-')[0]?.toLowerCase();
  if (base === 'zh') return /tw|hk|hant/i.test(language) ? 'zh-TW' : 'zh-CN';
  return LANGUAGES.find((l) => l === base) ?? fallback;
}
