/**
 * The user's avatar and nickname with a menu: profile, password, log out. The button is plain
 * markup; its menu (antd's Dropdown, user-menu-dropdown.tsx) loads on first use, prefetched on
 * hover or focus, like the language switcher's.
 */
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@/lib/session/user-info';

export type UserMenuTriggerProps = { onClick?: () => void; autoFocus?: boolean };

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));
const preload = () => void loadDropdown().catch(() => undefined);

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('nav');
  const user = useUserInfo().data?.userInfo;
  const name = user?.nickName || user?.name || '';
  const [wanted, setWanted] = useState(false);

  const trigger = ({ onClick, autoFocus }: UserMenuTriggerProps) => (
    <button
      type="button"
      className="plain-button plain-button-text user-menu-button"
      data-testid="user-menu"
      aria-label={`${t('nav.userMenu')}: ${name}`}
      aria-haspopup="menu"
      // biome-ignore lint/a11y/noAutofocus: the button is drawn again when its menu has loaded; focus stays on it
      autoFocus={autoFocus}
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <span className="plain-avatar">{user?.favicon ? <img src={user.favicon} alt="" /> : <UserOutlined />}</span>
      {compact ? null : <span data-testid="user-nickname">{name}</span>}
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </button>
  );

  if (!wanted) return trigger({ onClick: () => setWanted(true) });
  return (
    <Suspense fallback={trigger({})}>
      <UserMenuDropdown trigger={trigger} />
    </Suspense>
  );
}
