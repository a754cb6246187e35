/** The account's activity (sign-ins and security events): the main shell's page and the same page in the mobile shell. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

const page = () => import('./pages/activity-page').then((m) => ({ Component: m.ActivityPage }));

export const activityRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.activity.path,
      region: 'both',
      title: 'security.activityTitle',
      description: 'security.activityDescription',
      lazy: page,
    },
  ],
  h5: [{ path: paths.h5Activity.path, region: 'both', title: 'security.activityTitle', antd: true, lazy: page }],
};
