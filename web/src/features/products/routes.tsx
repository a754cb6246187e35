/** Product centre (main and mobile shell) and the China VIP confirmation page (outside the shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const productsRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.products.path,
      region: 'both',
      title: 'products.pageTitle',
      // plain markup: the main shell loads no antd for it (docs/performance.md, "First view")
      antd: false,
      lazy: () => import('./pages/products-page').then((m) => ({ Component: m.ProductsPage })),
    },
  ],
  h5: [
    {
      path: paths.h5Products.path,
      region: 'both',
      title: 'products.pageTitle',
      lazy: () => import('./pages/h5-products-page').then((m) => ({ Component: m.H5ProductsPage })),
    },
  ],
  outside: [
    {
      path: paths.vipConfirm.path,
      region: 'cn',
      title: 'products.vipConfirmTitle',
      description: 'products.vipConfirmDescription',
      lazy: () => import('./pages/vip-confirm-page').then((m) => ({ Component: m.VipConfirmPage })),
    },
  ],
};
