/**
 * Switches the interface language and keeps the choice in the `language` cookie. The button is
 * plain markup; its menu (antd's Dropdown on the desktop, antd-mobile's ActionSheet in the /h5
 * shell) loads on first use, so no page loads it up front.
 */

import { GlobalOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';
import { useShellKind } from './shell-context';

export type TriggerProps = { onClick?: () => void; autoFocus?: boolean };
export type LanguageMenuProps = { trigger: (props: TriggerProps) => React.ReactElement };

const loadMenu = () => import('./language-menu');
const loadSheet = () => import('./language-sheet');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));
const LanguageSheet = lazy(() => loadSheet().then((m) => ({ default: m.LanguageSheet })));

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { language } = useLanguageState();
  const h5 = useShellKind() === 'h5';
  const [wanted, setWanted] = useState(false);
  const current = languages[language].label;
  const preload = () => void (h5 ? loadSheet() : loadMenu()).catch(() => undefined);

  const trigger = ({ onClick, autoFocus }: TriggerProps) => (
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

  if (!wanted) return trigger({ onClick: () => setWanted(true) });
  const Menu = h5 ? LanguageSheet : LanguageMenu;
  return (
    <Suspense fallback={trigger({})}>
      <Menu trigger={trigger} />
    </Suspense>
  );
}
