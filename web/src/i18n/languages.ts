/**
 * The nine interface languages (docs/product.md#regions-and-languages) with their native names and the
 * matching antd, antd-mobile and dayjs locales, each loaded on demand.
 */
import type { TLanguage } from '@ac/protocol/enums';
import type { Locale as AntdLocale } from 'antd/es/locale';

type MobileLocale = typeof import('antd-mobile/es/locales/en-US')['default'];

export type LanguageBundle = { antd: AntdLocale; mobile: MobileLocale };

type LanguageEntry = {
  /** Name of the language in itself, shown in the switcher. */
  label: string;
  dayjs: string;
  load: () => Promise<LanguageBundle>;
};

const bundle = async (
  antd: Promise<{ default: AntdLocale }>,
  mobile: Promise<{ default: MobileLocale }>,
  dayjs: Promise<unknown>,
): Promise<LanguageBundle> => {
  const [a, m] = await Promise.all([antd, mobile, dayjs]);
  return { antd: a.default, mobile: m.default };
};

export const languages: Record<TLanguage, LanguageEntry> = {
  'zh-CN': {
    label: '简体中文',
    dayjs: 'zh-cn',
    load: () =>
      bundle(import('antd/es/locale/zh_CN'), import('antd-mobile/es/locales/zh-CN'), import('dayjs/locale/zh-cn')),
  },
  'zh-TW': {
    label: '繁體中文',
    dayjs: 'zh-tw',
    load: () =>
      bundle(import('antd/es/locale/zh_TW'), import('antd-mobile/es/locales/zh-TW'), import('dayjs/locale/zh-tw')),
  },
  en: {
    label: 'English',
    dayjs: 'en',
    load: () => bundle(import('antd/es/locale/en_US'), import('antd-mobile/es/locales/en-US'), Promise.resolve()),
  },
  fr: {
    label: 'Français',
    dayjs: 'fr',
    load: () =>
      bundle(import('antd/es/locale/fr_FR'), import('antd-mobile/es/locales/fr-FR'), import('dayjs/locale/fr')),
  },
  ko: {
    label: '한국어',
    dayjs: 'ko',
    load: () =>
      bundle(import('antd/es/locale/ko_KR'), import('antd-mobile/es/locales/ko-KR'), import('dayjs/locale/ko')),
  },
  de: {
    label: 'Deutsch',
    dayjs: 'de',
    load: () =>
      bundle(import('antd/es/locale/de_DE'), import('antd-mobile/es/locales/de-DE'), import('dayjs/locale/de')),
  },
  it: {
    label: 'Italiano',
    dayjs: 'it',
    load: () =>
      bundle(import('antd/es/locale/it_IT'), import('antd-mobile/es/locales/it-IT'), import('dayjs/locale/it')),
  },
  es: {
    label: 'Español',
    dayjs: 'es',
    load: () =>
      bundle(import('antd/es/locale/es_ES'), import('antd-mobile/es/locales/es-ES'), import('dayjs/locale/es')),
  },
  hu: {
    label: 'Magyar',
    dayjs: 'hu',
    load: () =>
      bundle(import('antd/es/locale/hu_HU'), import('antd-mobile/es/locales/hu-HU'), import('dayjs/locale/hu')),
  },
};
