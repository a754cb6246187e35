/**
 * Which language to start in: the URL `lang`/`language` parameter, then the
 * `language` cookie, then the browser, then the region default
 * (us → en, cn → zh-CN).
 */
import { LANGUAGES, regionSettings, type TLanguage, type TRegion } from '@ac/protocol/enums';

export const LANGUAGE_COOKIE = 'language';

const ALIASES: Record<string, TLanguage> = {
  zh: 'zh-CN',
  cn: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hant': 'zh-TW',
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  tw: 'zh-TW',
  kr: 'ko',
};

/** `en_US`, `EN`, `zh-hant-TW`, `kr` → one of the nine languages, or undefined. */
export function normalizeLanguage(value: string | null | undefined): TLanguage | undefined {
  if (!value) return undefined;
  const tag = value.trim().replace(/_/g, '-').toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const parts = tag.split('-');
  const script = parts.slice(0, 2).join('-');
  const primary = parts[0] ?? '';
  if (primary === 'zh' && parts.includes('hant')) return 'zh-TW';
  return ALIASES[script] ?? ALIASES[primary] ?? LANGUAGES.find((l) => l === primary);
}

export type DetectionInput = {
  search: string;
  cookie: string | undefined;
  browser: readonly string[];
  region: TRegion;
};

export function detectLanguage({ search, cookie, browser, region }: DetectionInput): TLanguage {
  const params = new URLSearchParams(search);
  const candidates = [params.get('lang'), params.get('language'), cookie, ...browser];
  for (const candidate of candidates) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return regionSettings[region].defaultLanguage;
}
