/** The third-party logins bound to the account, and the provider's way back after binding (main shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const thirdPartyRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.thirdBind.path,
      region: 'both',
      title: 'security.thirdBindTitle',
      description: 'security.thirdBindDescription',
      lazy: () => import('./pages/third-bind-page').then((m) => ({ Component: m.ThirdBindPage })),
    },
    {
      path: paths.thirdBindCallback.path,
      region: 'both',
      title: 'security.thirdBindTitle',
      lazy: () => import('./pages/third-bind-callback-page').then((m) => ({ Component: m.ThirdBindCallbackPage })),
    },
  ],
};
