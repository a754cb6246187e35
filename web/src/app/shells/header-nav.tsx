/**
 * The header menu (config/header-menu.ts): a row of links in the header, a list in the drawer.
 * Plain markup drawn like antd's Menu (main-shell.css); the current section is marked `aria-current`.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type HeaderMenuItem, headerMenu } from '@/config/header-menu';
import { paths } from '@/config/paths';
import { getAppConfig } from '@/lib/app-config';
import { useCompanyInfo } from '@/lib/session/company-info';
import { logout } from '@/lib/session/logout';

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
  const selected = selectedKey(pathname);

  /** Entries the user may not use are left out, never shown disabled. */
  const shown = (item: HeaderMenuItem): boolean => {
    if (item.kind === 'external') return Boolean(links[item.link]);
    if (item.kind === 'route' && item.only === 'companyMember') return inCompany;
    return true;
  };

  const entry = (item: HeaderMenuItem) => {
    const label = t(item.label);
    const current = item.key === selected ? 'true' : undefined;
    switch (item.kind) {
      case 'route':
        return (
          <Link to={item.to} className="nav-link" aria-current={current}>
            {label}
          </Link>
        );
      case 'external':
        return (
          <a href={links[item.link]} className="nav-link">
            {label}
          </a>
        );
      case 'action':
        return (
          <button type="button" className="nav-link" data-testid="header-exit" onClick={() => void logout()}>
            {label}
          </button>
        );
      default: {
        const unknown: never = item;
        return unknown;
      }
    }
  };

  return (
    <nav aria-label={t('nav.mainMenu')} className={`nav-menu nav-menu-${mode}`}>
      <ul>
        {headerMenu.filter(shown).map((item) => (
          <li key={item.key}>{entry(item)}</li>
        ))}
      </ul>
    </nav>
  );
}
