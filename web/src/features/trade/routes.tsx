/** China trade-account pages: only for client types containing "trade" (others go to /). */
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, key: string, lazy: AppRoute['lazy']): AppRoute => ({
  path,
  region: 'cn',
  tradeOnly: true,
  title: `trade.${key}Title`,
  description: `trade.${key}Description`,
  lazy,
});

export const tradeRoutes: FeatureRoutes = {
  main: [
    page(paths.detailsInfo.path, 'detailsInfo', () =>
      import('./pages/details-info-page').then((m) => ({ Component: m.DetailsInfoPage })),
    ),
    page(paths.education.path, 'education', () =>
      import('./pages/education-page').then((m) => ({ Component: m.EducationPage })),
    ),
    page(paths.job.path, 'job', () => import('./pages/job-page').then((m) => ({ Component: m.JobPage }))),
    page(paths.identityAuth.path, 'identityAuth', () =>
      import('./pages/identity-auth-page').then((m) => ({ Component: m.IdentityAuthPage })),
    ),
    page(paths.cash.path, 'cash', () => import('./pages/cash-page').then((m) => ({ Component: m.CashPage }))),
  ],
};
