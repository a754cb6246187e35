/** Deleting the account (main shell) and the cancellation agreement. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const accountRoutes: FeatureRoutes = {
  main: [
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
