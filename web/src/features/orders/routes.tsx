/** Order centre and the product centre's order list (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const ordersRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.orders.path,
      region: 'both',
      title: 'orders.pageTitle',
      lazy: () => import('./pages/orders-page').then((m) => ({ Component: m.OrdersPage })),
    },
    {
      path: paths.orderPro.path,
      region: 'both',
      title: 'orders.proPageTitle',
      lazy: () => import('./pages/pro-orders-page').then((m) => ({ Component: m.ProOrdersPage })),
    },
  ],
};
