/** Forgotten password and reset: China pages, mobile pages and overseas site pages. */
import { plannedPage } from '@/components/planned-page-route';
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, region: AppRoute['region'], key: string): AppRoute => ({
  path,
  region,
  title: `password.${key}Title`,
  description: `password.${key}Description`,
  lazy: plannedPage,
});

export const passwordRoutes: FeatureRoutes = {
  outside: [
    page(paths.passwordFind.path, 'cn', 'find'),
    page(paths.passwordMailVerify.path, 'cn', 'mailVerify'),
    page(paths.passwordReset.path, 'cn', 'reset'),
  ],
  h5: [
    page(paths.h5FindPwd.path, 'cn', 'find'),
    page(paths.h5PasswordMailVerify.path, 'cn', 'mailVerify'),
    page(paths.h5Reset.path, 'cn', 'reset'),
  ],
  site: [page(paths.sitePasswordFind.path, 'us', 'find'), page(paths.sitePasswordReset.path, 'us', 'reset')],
};
