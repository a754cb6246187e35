/** Device management (main shell) and the device list (mobile shell). */
import { paths } from '@/config/paths';
import type { FeatureRoutes } from '@/lib/routing/app-route';

export const devicesRoutes: FeatureRoutes = {
  main: [
    {
      path: paths.devices.path,
      region: 'both',
      title: 'devices.pageTitle',
      lazy: () => import('./pages/devices-page').then((m) => ({ Component: m.DevicesPage })),
    },
  ],
  h5: [
    {
      path: paths.h5Devices.path,
      region: 'both',
      title: 'devices.pageTitle',
      lazy: () => import('./pages/h5-devices-page').then((m) => ({ Component: m.H5DevicesPage })),
    },
  ],
};
