/** Two-step verification settings: the main shell's security page and the same page in the mobile shell. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

const page = () => import('./pages/two-factor-page').then((m) => ({ Component: m.TwoFactorPage }));

export const twoFactorRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.security.path,
      region: 'both',
      title: 'security.twoFactorTitle',
      description: 'security.twoFactorDescription',
      lazy: page,
    },
  ],
  h5: [{ path: paths.h5Security.path, region: 'both', title: 'security.twoFactorTitle', antd: true, lazy: page }],
};
