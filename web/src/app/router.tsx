/**
 * The route tree: feature routes composed into the three shells, filtered
 * by the region of the app-config, under the region's base path.
 */
import { isTradeClientType } from '@ac/protocol/client-types';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { paths } from '@/config/paths';
import { accountRoutes } from '@/features/account/routes';
import { activityRoutes } from '@/features/activity/routes';
import { companyRoutes } from '@/features/company/routes';
import { couponsRoutes } from '@/features/coupons/routes';
import { deviceSignInRoutes } from '@/features/device-sign-in/routes';
import { devicesRoutes } from '@/features/devices/routes';
import { invoiceRoutes } from '@/features/invoice/routes';
import { nodesRoutes } from '@/features/nodes/routes';
import { ordersRoutes } from '@/features/orders/routes';
import { passwordRoutes } from '@/features/password/routes';
import { productsRoutes } from '@/features/products/routes';
import { profileRoutes } from '@/features/profile/routes';
import { recoveryRoutes } from '@/features/recovery/routes';
import { redeemRoutes } from '@/features/redeem/routes';
import { registrationRoutes } from '@/features/registration/routes';
import { sessionRoutes } from '@/features/session/routes';
import { thirdPartyRoutes } from '@/features/third-party/routes';
import { tradeRoutes } from '@/features/trade/routes';
import { twoFactorRoutes } from '@/features/two-factor/routes';
import { getClientType } from '@/lib/api/client-info';
import type { AppConfig } from '@/lib/app-config';
import { type RouteContext, type RouteHandle, routesOf, type Shell, toRouteObjects } from '@/lib/routing/app-route';
import { withChunkTimeout } from '@/lib/routing/chunk-timeout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const features = [
  sessionRoutes,
  productsRoutes,
  ordersRoutes,
  redeemRoutes,
  couponsRoutes,
  devicesRoutes,
  companyRoutes,
  profileRoutes,
  passwordRoutes,
  twoFactorRoutes,
  activityRoutes,
  deviceSignInRoutes,
  thirdPartyRoutes,
  accountRoutes,
  registrationRoutes,
  recoveryRoutes,
  nodesRoutes,
  tradeRoutes,
  invoiceRoutes,
];

function appRoutes(config: AppConfig): RouteObject[] {
  const ctx: RouteContext = { region: config.region, isTradeClient: () => isTradeClientType(getClientType()) };
  const shellRoutes = (shell: Shell) => toRouteObjects(routesOf(shell, features), ctx);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpin />,
      children: [
        {
          lazy: withChunkTimeout(() => import('./shells/main-shell').then((m) => ({ Component: m.MainShell }))),
          children: [
            { index: true, element: <Navigate to={paths.products.getHref()} replace /> },
            ...shellRoutes('main'),
          ],
        },
        {
          path: paths.h5.path,
          lazy: withChunkTimeout(() => import('./shells/h5-shell').then((m) => ({ Component: m.H5Shell }))),
          children: [
            { index: true, element: <Navigate to={paths.h5Profile.getHref()} replace /> },
            ...shellRoutes('h5'),
          ],
        },
        {
          lazy: withChunkTimeout(() => import('./shells/site-shell').then((m) => ({ Component: m.SiteShell }))),
          children: [
            ...shellRoutes('outside'),
            ...shellRoutes('site'),
            {
              path: paths.notFound.path,
              lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
              handle: { title: 'common.notFoundTitle' },
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(appRoutes(config), { basename: config.basePath || '/' });
}

/**
 * Whether the page at `appPath` (under the base path) is built of antd components (RouteHandle.antd):
 * in the /h5 shell only those that say so, elsewhere all but those that say they are not; a
 * redirect (no title) is no page.
 */
export function pageUsesAntd(config: AppConfig, appPath: string): boolean {
  const matches = matchRoutes(appRoutes(config), appPath) ?? [];
  const handles = matches.map((match) => match.route.handle as RouteHandle | undefined);
  const handle = handles.reverse().find((h) => h?.title);
  if (!handle) return false;
  const h5 = matches.some((match) => match.route.path === paths.h5.path);
  return h5 ? handle.antd === true : handle.antd !== false;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
