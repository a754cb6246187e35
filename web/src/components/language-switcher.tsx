/**
 * Switches the interface language and keeps the choice in the `language` cookie. The button is
 * plain markup; its menu (antd's Dropdown on the desktop, antd-mobile's ActionSheet in the /h5
 * shell) loads on first use, so no page loads it up front.
 */

import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import { GlobalOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';
import { LazyDropdown, MenuOnFirstUse, type MenuTriggerProps, preloadDropdown } from './menu-on-first-use';
import { useShellKind } from './shell-context';

export type LanguageMenuProps = { trigger: (props: MenuTriggerProps) => React.ReactElement };

const loadSheet = () => import('./language-sheet');
const LanguageSheet = lazy(() => loadSheet().then((m) => ({ default: m.LanguageSheet })));

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { language } = useLanguageState();
  const h5 = useShellKind() === 'h5';
  const current = languages[language].label;
  const preload = () => (h5 ? void loadSheet().catch(() => undefined) : preloadDropdown());

  const trigger = ({ onClick, autoFocus }: MenuTriggerProps) => (
    <button
      type="button"
      className={`plain-button plain-button-text${compact ? ' plain-button-icon-only' : ''}`}
      data-testid="language-switcher"
      aria-label={`${t('common.language')}: ${current}`}
      aria-haspopup={h5 ? 'dialog' : 'menu'}
      // biome-ignore lint/a11y/noAutofocus: the button is drawn again when its menu has loaded; focus stays on it
      autoFocus={autoFocus}
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <GlobalOutlined aria-hidden />
      {compact ? null : <span>{current}</span>}
    </button>
  );

  if (h5) return <MenuOnFirstUse trigger={trigger} menu={(drawn) => <LanguageSheet trigger={drawn} />} />;
  return (
    <LazyDropdown
      trigger={trigger}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{languages[lng].label}</span> })),
        onClick: ({ key }) => void applyLanguage(key as TLanguage, { persist: true }),
      }}
    />
  );
}
