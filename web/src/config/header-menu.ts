/** The header menu (docs/product.md#routes) as typed data: i18n keys and what each item does. */
import { paths } from './paths';
import type { RegionConfig } from './regions/region-config';

export type NavKey = `nav.${string}`;

export type HeaderMenuItem = { key: string; label: NavKey } & (
  | { kind: 'route'; to: string }
  | { kind: 'external'; link: keyof RegionConfig['externalLinks'] }
  | { kind: 'action'; action: 'logout' }
);

export const headerMenu: readonly HeaderMenuItem[] = [
  { key: 'accountCenter', label: 'nav.accountCenter', kind: 'route', to: paths.products.getHref() },
  { key: 'myEnterprise', label: 'nav.myEnterprise', kind: 'external', link: 'enterprise' },
  { key: 'myCloud', label: 'nav.myCloud', kind: 'external', link: 'cloud' },
  { key: 'myOrder', label: 'nav.myOrder', kind: 'route', to: paths.orders.getHref() },
  { key: 'myCoupons', label: 'nav.myCoupons', kind: 'route', to: paths.myExchange.getHref() },
  { key: 'exit', label: 'nav.exit', kind: 'action', action: 'logout' },
];
