/** The console: providers, the session gate (sign-in, second step) and the routes. */
import { Code } from '@ac/protocol/codes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { antdTheme, antdThemeWithoutMotion } from '@/config/antd-theme';
import { ConsoleError, callKey } from './api/console-api';
import { ConsoleLayout } from './components/console-layout';
import { EmptyText } from './components/empty-text';
import { SessionGate } from './components/session-gate';
import { consoleConfig } from './console-config';
import { consoleI18n } from './i18n/console-i18n';
import { AuditPage } from './pages/audit-page';
import { CodesPage } from './pages/codes-page';
import { CompaniesPage } from './pages/companies-page';
import { CompanyViewPage } from './pages/company-view-page';
import { CouponCampaignPage } from './pages/coupon-campaign-page';
import { CouponsPage } from './pages/coupons-page';
import { InvoicesPage } from './pages/invoices-page';
import { OffersPage } from './pages/offers-page';
import { OrderViewPage } from './pages/order-view-page';
import { OrdersPage } from './pages/orders-page';
import { RefundDuePage } from './pages/refund-due-page';
import { StaffPage } from './pages/staff-page';
import { UserSearchPage } from './pages/user-search-page';
import { UserViewPage } from './pages/user-view-page';

/** A session that ended meanwhile (idle 15 min, 12 h, signed out elsewhere): back to the sign-in page. */
function onError(e: unknown, queryKey?: readonly unknown[]) {
  const meKey = callKey(consoleCalls.session.me, {});
  if (!(e instanceof ConsoleError) || e.code !== Code.staffSessionRequired || queryKey?.[1] === meKey[1]) return;
  void queryClient.invalidateQueries({ queryKey: meKey });
}
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (e, query) => onError(e, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (e) => onError(e) }),
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const router = createBrowserRouter(
  [
    {
      element: <ConsoleLayout />,
      children: [
        // the dashboard and its chart library load with this route only
        {
          index: true,
          lazy: async () => ({ Component: (await import('./pages/dashboard/dashboard-page')).DashboardPage }),
        },
        { path: 'users', element: <UserSearchPage /> },
        { path: 'users/:userId', element: <UserViewPage /> },
        { path: 'orders', element: <OrdersPage /> },
        { path: 'orders/refund-due', element: <RefundDuePage /> },
        { path: 'orders/:orderNo', element: <OrderViewPage /> },
        ...(consoleConfig.region === 'cn' ? [{ path: 'invoices', element: <InvoicesPage /> }] : []),
        { path: 'companies', element: <CompaniesPage /> },
        { path: 'companies/:companyId', element: <CompanyViewPage /> },
        { path: 'codes', element: <CodesPage /> },
        { path: 'coupons', element: <CouponsPage /> },
        { path: 'coupons/:campaignId', element: <CouponCampaignPage /> },
        { path: 'offers', element: <OffersPage /> },
        { path: 'staff', element: <StaffPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: consoleConfig.basePath },
);

/** The member app's theme (4.5:1 contrast), without motion for those who asked for less. */
const theme = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? antdThemeWithoutMotion : antdTheme;

function Localised() {
  const { t, i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'zh-CN' ? zhCN : enUS}
      theme={theme}
      renderEmpty={() => <EmptyText>{t('empty')}</EmptyText>}
    >
      <AntdApp>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </AntdApp>
    </ConfigProvider>
  );
}

export function ConsoleApp() {
  return (
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={queryClient}>
        <Localised />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
