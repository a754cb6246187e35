/**
 * The account-center side menu (config/side-menu.ts), filtered by region and client type: plain
 * links drawn like antd's inline Menu (main-shell.css); the current page's entry is `aria-current`.
 */

import { isTradeClientType } from '@ac/protocol/client-types';
import {
  AppstoreOutlined,
  AuditOutlined,
  DeleteOutlined,
  FileTextOutlined,
  GiftOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LaptopOutlined,
  LinkOutlined,
  LockOutlined,
  PercentageOutlined,
  ProfileOutlined,
  SafetyOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type SideMenuIcon, selectedSideItem, sideMenu } from '@/config/side-menu';
import { getClientType } from '@/lib/api/client-info';
import { getRegion } from '@/lib/app-config';
import { inRegion } from '@/lib/routing/app-route';

const icons: Record<SideMenuIcon, ReactNode> = {
  products: <AppstoreOutlined />,
  orders: <ProfileOutlined />,
  exchange: <GiftOutlined />,
  coupons: <PercentageOutlined />,
  redeem: <TagsOutlined />,
  devices: <LaptopOutlined />,
  profile: <UserOutlined />,
  password: <LockOutlined />,
  security: <SafetyOutlined />,
  activity: <HistoryOutlined />,
  thirdBind: <LinkOutlined />,
  logoff: <DeleteOutlined />,
  invoice: <FileTextOutlined />,
  trade: <IdcardOutlined />,
  identity: <AuditOutlined />,
};

export function SideMenu() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const region = getRegion();
  const trade = isTradeClientType(getClientType());
  const items = sideMenu.filter((item) => inRegion(item.region, region) && (!item.tradeOnly || trade));
  const selected = selectedSideItem(items, pathname);
  return (
    <nav aria-label={t('nav.accountMenu')} className="nav-menu nav-menu-inline nav-menu-side">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="nav-link" aria-current={item === selected ? 'page' : undefined}>
              <span className="nav-icon" aria-hidden>
                {icons[item.icon]}
              </span>
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
