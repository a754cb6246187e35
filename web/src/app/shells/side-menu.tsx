/** The account-center side menu (config/side-menu.ts), filtered by region and client type. */

import { isTradeClientType } from '@ac/protocol/client-types';
import {
  AppstoreOutlined,
  AuditOutlined,
  DeleteOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LaptopOutlined,
  LinkOutlined,
  LockOutlined,
  PercentageOutlined,
  ProfileOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
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
    <nav aria-label={t('nav.accountMenu')}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected.to] : []}
        style={{ borderInlineEnd: 'none', paddingTop: 8 }}
        items={items.map((item) => ({
          key: item.to,
          icon: icons[item.icon],
          label: <Link to={item.to}>{t(item.label)}</Link>,
        }))}
      />
    </nav>
  );
}
