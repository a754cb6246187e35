/** The login page and the third-party login callback, outside the shells (public). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const sessionRoutes: FeatureRoutes = {
  outside: [
    {
      path: paths.login.path,
      region: 'both',
      title: 'auth.pageTitle',
      // plain markup: the first view of most visits loads no antd
      // (docs/performance.md#fourth-step-the-login-page-without-antd-2026-11-28)
      antd: false,
      lazy: () => import('./pages/login-page').then((m) => ({ Component: m.LoginPage })),
    },
    {
      path: paths.loginCallback.path,
      region: 'both',
      title: 'auth.pageTitle',
      lazy: () => import('./pages/third-login-callback-page').then((m) => ({ Component: m.ThirdLoginCallbackPage })),
    },
  ],
};
