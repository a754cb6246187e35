/** Changing the password (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const passwordRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.changePassword.path,
      region: 'both',
      title: 'security.changePasswordTitle',
      description: 'security.changePasswordDescription',
      lazy: () => import('./pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
    },
  ],
};
