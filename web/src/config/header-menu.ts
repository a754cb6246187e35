/** The header menu (docs/product.md#routes) as typed data: i18n keys and what each item does. */

import type { AppConfig } from '@/lib/app-config';
import { paths } from './paths';

export type NavKey = `nav.${string}`;

export type HeaderMenuItem = {
  key: string;
  label: NavKey;
} /** `companyMember`: shown only to a member of a company (getCompanyInfoByToken not null). */ & (
  | { kind: 'route'; to: string; only?: 'companyMember' }
  /** A URL of the run-time configuration (MY_CLOUD_URL); hidden when it has none. */
  | { kind: 'external'; link: keyof AppConfig['links'] }
  | { kind: 'action'; action: 'logout' }
);

export const headerMenu: readonly HeaderMenuItem[] = [
  { key: 'accountCenter', label: 'nav.accountCenter', kind: 'route', to: paths.products.getHref() },
  {
    key: 'myEnterprise',
    label: 'nav.myEnterprise',
    kind: 'route',
    to: paths.enterprise.getHref(),
    only: 'companyMember',
  },
  { key: 'myCloud', label: 'nav.myCloud', kind: 'external', link: 'cloud' },
  { key: 'myOrder', label: 'nav.myOrder', kind: 'route', to: paths.orders.getHref() },
  { key: 'myCoupons', label: 'nav.myCoupons', kind: 'route', to: paths.myCoupons.getHref() },
  { key: 'exit', label: 'nav.exit', kind: 'action', action: 'logout' },
];
