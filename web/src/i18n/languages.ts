/**
 * The nine interface languages (docs/product.md#regions-and-languages) with their native names and the
 * matching antd, antd-mobile and dayjs locales, each loaded on demand. The antd locale loads apart
 * (`loadAntd`): only the desktop shells use antd, the /h5 shell never loads it.
 */
import type { TLanguage } from '@ac/protocol/enums';
import type { Locale as AntdLocale } from 'antd/es/locale';

type MobileLocale = typeof import('antd-mobile/es/locales/en-US')['default'];

export type { AntdLocale };
export type LanguageBundle = { mobile: MobileLocale };

type LanguageEntry = {
  /** Name of the language in itself, shown in the switcher. */
  label: string;
  dayjs: string;
  load: () => Promise<LanguageBundle>;
  loadAntd: () => Promise<AntdLocale>;
};

const bundle = async (mobile: Promise<{ default: MobileLocale }>, dayjs: Promise<unknown>): Promise<LanguageBundle> => {
  const [m] = await Promise.all([mobile, dayjs]);
  return { mobile: m.default };
};
const antdLocale = (antd: Promise<{ default: AntdLocale }>) => antd.then((m) => m.default);

export const languages: Record<TLanguage, LanguageEntry> = {
  'zh-CN': {
    label: '简体中文',
    dayjs: 'zh-cn',
    load: () => bundle(import('antd-mobile/es/locales/zh-CN'), import('dayjs/locale/zh-cn')),
    loadAntd: () => antdLocale(import('antd/es/locale/zh_CN')),
  },
  'zh-TW': {
    label: '繁體中文',
    dayjs: 'zh-tw',
    load: () => bundle(import('antd-mobile/es/locales/zh-TW'), import('dayjs/locale/zh-tw')),
    loadAntd: () => antdLocale(import('antd/es/locale/zh_TW')),
  },
  en: {
    label: 'English',
    dayjs: 'en',
    load: () => bundle(import('antd-mobile/es/locales/en-US'), Promise.resolve()),
    loadAntd: () => antdLocale(import('antd/es/locale/en_US')),
  },
  fr: {
    label: 'Français',
    dayjs: 'fr',
    load: () => bundle(import('antd-mobile/es/locales/fr-FR'), import('dayjs/locale/fr')),
    loadAntd: () => antdLocale(import('antd/es/locale/fr_FR')),
  },
  ko: {
    label: '한국어',
    dayjs: 'ko',
    load: () => bundle(import('antd-mobile/es/locales/ko-KR'), import('dayjs/locale/ko')),
    loadAntd: () => antdLocale(import('antd/es/locale/ko_KR')),
  },
  de: {
    label: 'Deutsch',
    dayjs: 'de',
    load: () => bundle(import('antd-mobile/es/locales/de-DE'), import('dayjs/locale/de')),
    loadAntd: () => antdLocale(import('antd/es/locale/de_DE')),
  },
  it: {
    label: 'Italiano',
    dayjs: 'it',
    load: () => bundle(import('antd-mobile/es/locales/it-IT'), import('dayjs/locale/it')),
    loadAntd: () => antdLocale(import('antd/es/locale/it_IT')),
  },
  es: {
    label: 'Español',
    dayjs: 'es',
    load: () => bundle(import('antd-mobile/es/locales/es-ES'), import('dayjs/locale/es')),
    loadAntd: () => antdLocale(import('antd/es/locale/es_ES')),
  },
  hu: {
    label: 'Magyar',
    dayjs: 'hu',
    load: () => bundle(import('antd-mobile/es/locales/hu-HU'), import('dayjs/locale/hu')),
    loadAntd: () => antdLocale(import('antd/es/locale/hu_HU')),
  },
};
