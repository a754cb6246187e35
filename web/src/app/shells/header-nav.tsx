/** The header menu (config/header-menu.ts) rendered as an antd Menu. */
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type HeaderMenuItem, headerMenu } from '@/config/header-menu';
import { paths } from '@/config/paths';
import { getAppConfig } from '@/lib/app-config';
import { useCompanyInfo } from '@/lib/session/company-info';
import { logout } from '@/lib/session/logout';

type MenuItem = NonNullable<MenuProps['items']>[number];

function selectedKey(pathname: string): string {
  if (pathname === paths.orders.path) return 'myOrder';
  if (pathname.startsWith(paths.myCoupons.path)) return 'myCoupons';
  if (pathname.startsWith(paths.enterprise.path)) return 'myEnterprise';
  return 'accountCenter';
}

export function HeaderNav({ mode }: { mode: 'horizontal' | 'inline' }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const links = getAppConfig().links;
  const inCompany = Boolean(useCompanyInfo().data);

  /** Entries the user may not use are left out, never shown disabled. */
  const shown = (item: HeaderMenuItem): boolean => {
    if (item.kind === 'external') return Boolean(links[item.link]);
    if (item.kind === 'route' && item.only === 'companyMember') return inCompany;
    return true;
  };

  const toMenuItem = (item: HeaderMenuItem): MenuItem => {
    const label = t(item.label);
    switch (item.kind) {
      case 'route':
        return { key: item.key, label: <Link to={item.to}>{label}</Link> };
      case 'external':
        return { key: item.key, label: <a href={links[item.link]}>{label}</a> };
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
        items={headerMenu.filter(shown).map(toMenuItem)}
        style={{ borderBottom: 'none', borderInlineEnd: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
