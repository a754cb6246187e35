/** My redeem codes, using a code (standard and Pro) and the redeem-code orders (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const redeemRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.myExchange.path,
      region: 'both',
      title: 'redeem.pageTitle',
      lazy: () => import('./pages/my-exchange-page').then((m) => ({ Component: m.MyExchangePage })),
    },
    {
      path: paths.redeemCode.path,
      region: 'both',
      title: 'redeem.useCodeTitle',
      description: 'redeem.useCodeDescription',
      lazy: () => import('./pages/redeem-code-page').then((m) => ({ Component: m.RedeemCodePage })),
    },
    {
      path: paths.redeemCodePro.path,
      region: 'both',
      title: 'redeem.useCodeProTitle',
      description: 'redeem.useCodeProDescription',
      lazy: () => import('./pages/redeem-code-page').then((m) => ({ Component: m.RedeemCodeProPage })),
    },
    {
      path: paths.redeemCodeOrder.path,
      region: 'both',
      title: 'redeem.ordersTitle',
      description: 'redeem.ordersDescription',
      lazy: () => import('./pages/redeem-orders-page').then((m) => ({ Component: m.RedeemOrdersPage })),
    },
  ],
};
