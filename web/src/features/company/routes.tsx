/** My enterprise and the invitation link (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const companyRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.enterprise.path,
      region: 'both',
      title: 'enterprise.pageTitle',
      lazy: () => import('./pages/enterprise-page').then((m) => ({ Component: m.EnterprisePage })),
    },
    {
      path: paths.enterpriseJoin.path,
      region: 'both',
      title: 'enterprise.joinPageTitle',
      lazy: () => import('./pages/join-company-page').then((m) => ({ Component: m.JoinCompanyPage })),
    },
  ],
};
