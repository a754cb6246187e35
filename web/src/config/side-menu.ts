/** The account-center side menu as data: i18n keys, targets, region and trade flags. */
import type { RouteRegion } from '@/lib/routing/app-route';
import type { NavKey } from './header-menu';
import { paths } from './paths';

export type SideMenuIcon =
  | 'products'
  | 'orders'
  | 'exchange'
  | 'coupons'
  | 'redeem'
  | 'devices'
  | 'profile'
  | 'password'
  | 'security'
  | 'activity'
  | 'thirdBind'
  | 'logoff'
  | 'invoice'
  | 'trade'
  | 'identity';

export type SideMenuItem = {
  to: string;
  label: NavKey;
  icon: SideMenuIcon;
  region: RouteRegion;
  tradeOnly?: boolean;
  /** Other paths under which this item shows as selected. */
  also?: readonly string[];
};

export const sideMenu: readonly SideMenuItem[] = [
  { to: paths.products.path, label: 'nav.products', icon: 'products', region: 'both', also: [paths.orderPro.path] },
  { to: paths.orders.path, label: 'nav.orders', icon: 'orders', region: 'both' },
  // the redeem-code orders hold the codes I bought, which are my codes too (docs/product.md#buying-redeem-codes)
  {
    to: paths.myExchange.path,
    label: 'nav.myExchange',
    icon: 'exchange',
    region: 'both',
    also: [paths.redeemCodeOrder.path],
  },
  { to: paths.myCoupons.path, label: 'nav.myCoupons', icon: 'coupons', region: 'both' },
  {
    to: paths.redeemCode.path,
    label: 'nav.redeemCode',
    icon: 'redeem',
    region: 'both',
    also: [paths.redeemCodePro.path],
  },
  { to: paths.devices.path, label: 'nav.devices', icon: 'devices', region: 'both' },
  { to: paths.profile.path, label: 'nav.profile', icon: 'profile', region: 'both' },
  { to: paths.changePassword.path, label: 'nav.changePassword', icon: 'password', region: 'both' },
  { to: paths.security.path, label: 'nav.security', icon: 'security', region: 'both' },
  { to: paths.activity.path, label: 'nav.activity', icon: 'activity', region: 'both' },
  { to: paths.thirdBind.path, label: 'nav.thirdBind', icon: 'thirdBind', region: 'both' },
  {
    to: paths.invoiceManage.path,
    label: 'nav.invoiceManage',
    icon: 'invoice',
    region: 'cn',
    also: [paths.invoice.path],
  },
  { to: paths.detailsInfo.path, label: 'nav.detailsInfo', icon: 'trade', region: 'cn', tradeOnly: true },
  { to: paths.education.path, label: 'nav.education', icon: 'trade', region: 'cn', tradeOnly: true },
  { to: paths.job.path, label: 'nav.job', icon: 'trade', region: 'cn', tradeOnly: true },
  { to: paths.identityAuth.path, label: 'nav.identityAuth', icon: 'identity', region: 'cn', tradeOnly: true },
  { to: paths.cash.path, label: 'nav.cash', icon: 'trade', region: 'cn', tradeOnly: true },
  { to: paths.logoff.path, label: 'nav.logoff', icon: 'logoff', region: 'both' },
];

/** The item to highlight for a path: the longest `to`/`also` prefix. */
export function selectedSideItem(items: readonly SideMenuItem[], pathname: string): SideMenuItem | undefined {
  let best: { item: SideMenuItem; length: number } | undefined;
  for (const item of items) {
    for (const prefix of [item.to, ...(item.also ?? [])]) {
      const hit = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (hit && (!best || prefix.length > best.length)) best = { item, length: prefix.length };
    }
  }
  return best?.item;
}
