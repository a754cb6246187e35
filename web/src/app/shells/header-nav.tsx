/** The header menu (config/header-menu.ts) rendered as an antd Menu. */
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type HeaderMenuItem, headerMenu } from '@/config/header-menu';
import { paths } from '@/config/paths';
import { regionConfig } from '@/config/regions/region-config';
import { logout } from '@/lib/session/logout';

type MenuItem = NonNullable<MenuProps['items']>[number];

function selectedKey(pathname: string): string {
  if (pathname === paths.orders.path) return 'myOrder';
  if (pathname.startsWith(paths.myExchange.path)) return 'myCoupons';
  return 'accountCenter';
}

export function HeaderNav({ mode }: { mode: 'horizontal' | 'inline' }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const links = regionConfig().externalLinks;

  const toMenuItem = (item: HeaderMenuItem): MenuItem => {
    const label = t(item.label);
    switch (item.kind) {
      case 'route':
        return { key: item.key, label: <Link to={item.to}>{label}</Link> };
      case 'external': {
        const href = links[item.link];
        return href
          ? { key: item.key, label: <a href={href}>{label}</a> }
          : { key: item.key, label, disabled: true, title: t('nav.notAvailable') };
      }
      case 'action':
        return { key: item.key, label: <span data-testid="header-exit">{label}</span>, onClick: () => void logout() };
      default: {
        const unknown: never = item;
        return unknown;
      }
    }
  };

  return (
    <nav aria-label={t('nav.mainMenu')} style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode={mode}
        selectedKeys={[selectedKey(pathname)]}
        items={headerMenu.map(toMenuItem)}
        style={{ borderBottom: 'none', borderInlineEnd: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
