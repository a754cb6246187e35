/** Device sign-in (docs/protocol.md#device-sign-in): the page where a user approves a CAD client, in both shells. */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

const page = () => import('./pages/device-sign-in-page').then((m) => ({ Component: m.DeviceSignInPage }));

export const deviceSignInRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.device.path,
      region: 'both',
      title: 'security.deviceTitle',
      description: 'security.deviceDescription',
      lazy: page,
    },
  ],
  h5: [{ path: paths.h5Device.path, region: 'both', title: 'security.deviceTitle', antd: true, lazy: page }],
};
