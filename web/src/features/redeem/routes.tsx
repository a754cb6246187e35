/** My redeem codes and the redeem-code pages (main shell). */
import { plannedPage } from '@/components/planned-page-route';
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
      lazy: plannedPage,
    },
    {
      path: paths.redeemCodePro.path,
      region: 'both',
      title: 'redeem.useCodeProTitle',
      description: 'redeem.useCodeProDescription',
      lazy: plannedPage,
    },
    {
      path: paths.redeemCodeOrder.path,
      region: 'both',
      title: 'redeem.ordersTitle',
      description: 'redeem.ordersDescription',
      lazy: plannedPage,
    },
  ],
};
