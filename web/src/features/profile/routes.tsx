/** Basic information (main shell) and the read-only profile (mobile shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const profileRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.profile.path,
      region: 'both',
      title: 'profile.pageTitle',
      description: 'profile.pageDescription',
      lazy: () => import('./pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
    },
  ],
  h5: [
    {
      path: paths.h5Profile.path,
      region: 'both',
      title: 'profile.h5Title',
      lazy: () => import('./pages/h5-profile-page').then((m) => ({ Component: m.H5ProfilePage })),
    },
  ],
};
