/**
 * The header menu (config/header-menu.ts): a row of links in the header, a list in the drawer.
 * Plain markup drawn like antd's Menu (main-shell.css); the current section is marked `aria-current`.
 * In the header, the entries that do not fit move into a "More" menu (antd's Dropdown, loaded on
 * first use), as antd's Menu did.
 */

import { EllipsisOutlined } from '@ant-design/icons';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LazyDropdown, type MenuTriggerProps, preloadDropdown } from '@/components/menu-on-first-use';
import { type HeaderMenuItem, headerMenu } from '@/config/header-menu';
import { paths } from '@/config/paths';
import { getAppConfig } from '@/lib/app-config';
import { useCompanyInfo } from '@/lib/session/company-info';
import { logout } from '@/lib/session/logout';

/** The width of the "More" entry (antd's: 16 px padding each side of a 14 px icon). */
const MORE_WIDTH = 46;

function selectedKey(pathname: string): string {
  if (pathname === paths.orders.path) return 'myOrder';
  if (pathname.startsWith(paths.myCoupons.path)) return 'myCoupons';
  if (pathname.startsWith(paths.enterprise.path)) return 'myEnterprise';
  return 'accountCenter';
}

/** How many of the entries (their widths) fit in `available` pixels, with room for "More" when not all do. */
export function entriesThatFit(widths: readonly number[], available: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return widths.length;
  let used = MORE_WIDTH;
  let count = 0;
  while (count < widths.length && used + (widths[count] ?? 0) <= available) {
    used += widths[count] ?? 0;
    count++;
  }
  return count;
}

export function HeaderNav({ mode }: { mode: 'horizontal' | 'inline' }) {
  const { t, i18n } = useTranslation('nav');
  const { pathname } = useLocation();
  const links = getAppConfig().links;
  const inCompany = Boolean(useCompanyInfo().data);
  const selected = selectedKey(pathname);
  const nav = useRef<HTMLElement>(null);
  const [fit, setFit] = useState(Number.POSITIVE_INFINITY);

  /** Entries the user may not use are left out, never shown disabled. */
  const shown = (item: HeaderMenuItem): boolean => {
    if (item.kind === 'external') return Boolean(links[item.link]);
    if (item.kind === 'route' && item.only === 'companyMember') return inCompany;
    return true;
  };
  const items = headerMenu.filter(shown);

  // measure the entries (those moved out keep their width, hidden) whenever the room or the words change
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and the entries change the widths
  useLayoutEffect(() => {
    const element = nav.current;
    if (mode !== 'horizontal' || !element) return;
    const measure = () => {
      const entries = [...element.querySelectorAll<HTMLElement>('li[data-entry]')];
      setFit(
        entriesThatFit(
          entries.map((li) => li.getBoundingClientRect().width),
          element.clientWidth,
        ),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [mode, items.length, i18n.language]);

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

  const moved = mode === 'horizontal' ? items.slice(fit) : [];
  /** An entry moved into "More": a link, or the text of the action. */
  const moreLabel = (item: HeaderMenuItem) => {
    const text = t(item.label);
    if (item.kind === 'route') return <Link to={item.to}>{text}</Link>;
    if (item.kind === 'external') return <a href={links[item.link]}>{text}</a>;
    return text;
  };
  const moreTrigger = ({ onClick, autoFocus }: MenuTriggerProps) => (
    <button
      type="button"
      className="nav-link nav-more"
      aria-label={t('nav.more')}
      aria-haspopup="menu"
      aria-current={moved.some((item) => item.key === selected) ? 'true' : undefined}
      // biome-ignore lint/a11y/noAutofocus: the button is drawn again when its menu has loaded; focus stays on it
      autoFocus={autoFocus}
      onClick={onClick}
      onPointerEnter={preloadDropdown}
      onFocus={preloadDropdown}
    >
      <EllipsisOutlined aria-hidden />
    </button>
  );

  return (
    <nav ref={nav} aria-label={t('nav.mainMenu')} className={`nav-menu nav-menu-${mode}`}>
      <ul>
        {items.map((item, index) => (
          <li key={item.key} data-entry className={index >= fit ? 'nav-entry-moved' : undefined}>
            {entry(item)}
          </li>
        ))}
        {moved.length > 0 ? (
          <li>
            <LazyDropdown
              trigger={moreTrigger}
              menu={{
                selectable: true,
                selectedKeys: [selected],
                items: moved.map((item) => ({ key: item.key, label: moreLabel(item) })),
                onClick: ({ key }) => {
                  if (moved.find((item) => item.key === key)?.kind === 'action') void logout();
                },
              }}
            />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
