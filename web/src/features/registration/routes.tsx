/**
 * Registration and activation: China pages outside the shell and in the
 * mobile shell, overseas site pages, and the activation page of both.
 */
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';
import { ToChinaRegister } from './components/to-china-register';

const page = (path: string, region: AppRoute['region'], key: string, lazy: AppRoute['lazy']): AppRoute => ({
  path,
  region,
  title: `register.${key}Title`,
  description: `register.${key}Description`,
  lazy,
});

const registerPage = () => import('./pages/register-page').then((m) => ({ Component: m.RegisterPage }));
const mailVerifyPage = () => import('./pages/mail-verify-page').then((m) => ({ Component: m.MailVerifyPage }));

export const registrationRoutes: FeatureRoutes = {
  outside: [
    page(paths.register.path, 'cn', 'register', registerPage),
    // China registers by SMS: its mail_verify is the registration page (docs/product.md)
    { path: paths.registerMailVerify.path, region: 'cn', element: <ToChinaRegister /> },
    page(paths.thirdGetCode.path, 'cn', 'thirdGetCode', () =>
      import('./pages/third-get-code-page').then((m) => ({ Component: m.ThirdGetCodePage })),
    ),
    page(paths.toActivate.path, 'both', 'toActivate', () =>
      import('./pages/to-activate-page').then((m) => ({ Component: m.ToActivatePage })),
    ),
  ],
  // antd pages (the desktop ones) in the /h5 shell, which gives them antd's provider
  h5: [
    { ...page(paths.h5Register.path, 'cn', 'register', registerPage), antd: true },
    {
      ...page(paths.h5RegisterProtocol.path, 'cn', 'protocol', () =>
        import('./pages/protocol-page').then((m) => ({ Component: m.ProtocolPage })),
      ),
      antd: true,
    },
  ],
  site: [
    page(paths.siteRegister.path, 'us', 'siteRegister', () =>
      import('./pages/site-register-page').then((m) => ({ Component: m.SiteRegisterPage })),
    ),
    page(paths.siteRegisterMailVerify.path, 'us', 'mailVerify', mailVerifyPage),
    page(paths.siteActivateSuccess.path, 'us', 'activateSuccess', () =>
      import('./pages/activate-success-page').then((m) => ({ Component: m.ActivateSuccessPage })),
    ),
  ],
};
