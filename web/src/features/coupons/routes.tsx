/** My coupons (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const couponsRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.myCoupons.path,
      region: 'both',
      title: 'coupons.pageTitle',
      lazy: () => import('./pages/my-coupons-page').then((m) => ({ Component: m.MyCouponsPage })),
    },
  ],
};
