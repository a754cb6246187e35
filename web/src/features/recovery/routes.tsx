/** Forgotten password and reset: China pages, mobile pages and overseas site pages. */
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, region: AppRoute['region'], key: string, lazy: AppRoute['lazy']): AppRoute => ({
  path,
  region,
  title: `password.${key}Title`,
  description: `password.${key}Description`,
  lazy,
});

const findPage = () => import('./pages/find-page').then((m) => ({ Component: m.FindPage }));
const mailVerifyPage = () => import('./pages/mail-verify-page').then((m) => ({ Component: m.MailVerifyPage }));
const resetPage = () => import('./pages/reset-page').then((m) => ({ Component: m.ResetPage }));

export const recoveryRoutes: FeatureRoutes = {
  outside: [
    page(paths.passwordFind.path, 'cn', 'find', findPage),
    page(paths.passwordMailVerify.path, 'cn', 'mailVerify', mailVerifyPage),
    page(paths.passwordReset.path, 'cn', 'reset', resetPage),
  ],
  // the same antd pages in the /h5 shell, which gives them antd's provider
  h5: [
    { ...page(paths.h5FindPwd.path, 'cn', 'find', findPage), antd: true },
    { ...page(paths.h5PasswordMailVerify.path, 'cn', 'mailVerify', mailVerifyPage), antd: true },
    { ...page(paths.h5Reset.path, 'cn', 'reset', resetPage), antd: true },
  ],
  site: [
    page(paths.sitePasswordFind.path, 'us', 'find', findPage),
    page(paths.sitePasswordReset.path, 'us', 'reset', resetPage),
  ],
};
