/** Password, third-party logins and account deletion (main shell), and the cancellation agreement. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const securityRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.changePassword.path,
      region: 'both',
      title: 'security.changePasswordTitle',
      description: 'security.changePasswordDescription',
      lazy: () => import('./pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
    },
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
    {
      path: paths.logoff.path,
      region: 'both',
      title: 'security.logoffTitle',
      description: 'security.logoffDescription',
      lazy: () => import('./pages/logoff-page').then((m) => ({ Component: m.LogoffPage })),
    },
  ],
  outside: [
    {
      path: paths.logoffProtocol.path,
      region: 'both',
      title: 'security.logoffProtocolTitle',
      description: 'security.logoffProtocolDescription',
      lazy: () => import('./pages/logoff-protocol-page').then((m) => ({ Component: m.LogoffProtocolPage })),
    },
  ],
};
