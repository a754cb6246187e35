/** China trade-account pages: only for client types containing "trade" (others go to /). */
import { plannedPage } from '@/components/planned-page-route';
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, key: string): AppRoute => ({
  path,
  region: 'cn',
  tradeOnly: true,
  title: `trade.${key}Title`,
  description: `trade.${key}Description`,
  lazy: plannedPage,
});

export const tradeRoutes: FeatureRoutes = {
  main: [
    page(paths.detailsInfo.path, 'detailsInfo'),
    page(paths.education.path, 'education'),
    page(paths.job.path, 'job'),
    page(paths.identityAuth.path, 'identityAuth'),
    page(paths.cash.path, 'cash'),
  ],
};
