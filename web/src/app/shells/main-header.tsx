/** Header of the main shell: logo, header menu, language switcher, user menu (plain markup, main-shell.css). */
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { paths } from '@/config/paths';
import { HeaderNav } from './header-nav';
import { UserMenu } from './user-menu';

type Props = { compact: boolean; menuOpen: boolean; onOpenMenu: () => void; onPreloadMenu: () => void };

export function MainHeader({ compact, menuOpen, onOpenMenu, onPreloadMenu }: Props) {
  const { t } = useTranslation(['common', 'nav']);
  return (
    <header className="main-header">
      {compact ? (
        <button
          type="button"
          className="plain-button plain-button-text plain-button-icon-only"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          onPointerEnter={onPreloadMenu}
          onFocus={onPreloadMenu}
        >
          <MenuOutlined aria-hidden />
        </button>
      ) : null}
      <Link to={paths.products.getHref()} className="app-logo">
        <span className="app-logo-mark" aria-hidden>
          A
        </span>
        <span>{t('common.productName')}</span>
      </Link>
      {compact ? <span style={{ flex: 1 }} /> : <HeaderNav mode="horizontal" />}
      <div className="main-header-tools">
        <LanguageSwitcher compact={compact} />
        <UserMenu compact={compact} />
      </div>
    </header>
  );
}
