/** Password, third-party logins and account deletion (main shell), and the cancellation agreement. */
import { plannedPage } from '@/components/planned-page-route';
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const securityRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.changePassword.path,
      region: 'both',
      title: 'security.changePasswordTitle',
      description: 'security.changePasswordDescription',
      lazy: plannedPage,
    },
    {
      path: paths.thirdBind.path,
      region: 'both',
      title: 'security.thirdBindTitle',
      description: 'security.thirdBindDescription',
      lazy: plannedPage,
    },
    {
      path: paths.logoff.path,
      region: 'both',
      title: 'security.logoffTitle',
      description: 'security.logoffDescription',
      lazy: plannedPage,
    },
  ],
  outside: [
    {
      path: paths.logoffProtocol.path,
      region: 'both',
      title: 'security.logoffProtocolTitle',
      description: 'security.logoffProtocolDescription',
      lazy: plannedPage,
    },
  ],
};
