/**
 * The user's avatar and nickname with a menu: profile, password, log out. The button is plain
 * markup; its menu (antd's Dropdown, components/menu-on-first-use.tsx) loads on first use, prefetched on
 * hover or focus, like the language switcher's.
 */

import { maskMobile } from '@ac/protocol/common';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyDropdown, type MenuTriggerProps, preloadDropdown } from '@/components/menu-on-first-use';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/logout';
import { useUserInfo } from '@/lib/session/user-info';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('nav');
  const user = useUserInfo().data?.userInfo;
  // an account named by its number shows it masked (139****2222), as its default nickname does;
  // the header loads no libphonenumber metadata (packages/protocol/src/mobile-display.ts)
  const name = user?.nickName || maskMobile(user?.name ?? '');

  const trigger = ({ onClick, autoFocus }: MenuTriggerProps) => (
    <button
      type="button"
      className="plain-button plain-button-text user-menu-button"
      data-testid="user-menu"
      aria-label={`${t('nav.userMenu')}: ${name}`}
      aria-haspopup="menu"
      // biome-ignore lint/a11y/noAutofocus: the button is drawn again when its menu has loaded; focus stays on it
      autoFocus={autoFocus}
      onClick={onClick}
      onPointerEnter={preloadDropdown}
      onFocus={preloadDropdown}
    >
      <span className="plain-avatar">{user?.favicon ? <img src={user.favicon} alt="" /> : <UserOutlined />}</span>
      {compact ? null : <span data-testid="user-nickname">{name}</span>}
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </button>
  );

  return (
    <LazyDropdown
      trigger={trigger}
      menu={{
        items: [
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: <Link to={paths.profile.getHref()}>{t('nav.profile')}</Link>,
          },
          { key: 'password', label: <Link to={paths.changePassword.getHref()}>{t('nav.changePassword')}</Link> },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('nav.logout')}</span>,
            onClick: () => void logout(),
          },
        ],
      }}
    />
  );
}
