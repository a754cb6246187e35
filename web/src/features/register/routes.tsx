/**
 * Registration and activation: China pages outside the shell and in the
 * mobile shell, overseas site pages, and the activation page of both.
 */
import { plannedPage } from '@/components/planned-page-route';
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, region: AppRoute['region'], key: string): AppRoute => ({
  path,
  region,
  title: `register.${key}Title`,
  description: `register.${key}Description`,
  lazy: plannedPage,
});

export const registerRoutes: FeatureRoutes = {
  outside: [
    page(paths.register.path, 'cn', 'register'),
    page(paths.registerMailVerify.path, 'cn', 'mailVerify'),
    page(paths.thirdGetCode.path, 'cn', 'thirdGetCode'),
    page(paths.toActivate.path, 'both', 'toActivate'),
  ],
  h5: [page(paths.h5Register.path, 'cn', 'register'), page(paths.h5RegisterProtocol.path, 'cn', 'protocol')],
  site: [
    page(paths.siteRegister.path, 'us', 'siteRegister'),
    page(paths.siteRegisterMailVerify.path, 'us', 'mailVerify'),
    page(paths.siteActivateSuccess.path, 'us', 'activateSuccess'),
  ],
};
