/** China invoicing: invoice management in the side menu and the /invoice area with its pages. */
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, key: string, lazy: AppRoute['lazy']): AppRoute => ({
  path,
  region: 'cn',
  title: `invoice.${key}Title`,
  description: `invoice.${key}Description`,
  lazy,
});

export const invoiceRoutes: FeatureRoutes = {
  main: [
    page(paths.invoiceManage.path, 'manage', () =>
      import('./pages/invoice-manage-page').then((m) => ({ Component: m.InvoiceManagePage })),
    ),
    {
      path: paths.invoice.path,
      region: 'cn',
      title: 'invoice.areaTitle',
      lazy: () => import('./components/invoice-layout').then((m) => ({ Component: m.InvoiceLayout })),
      children: [
        { index: true, region: 'cn', element: <Navigate to={paths.invoiceOrder.path} replace /> },
        page(paths.invoiceOrder.path, 'order', () =>
          import('./pages/invoice-orders-page').then((m) => ({ Component: m.InvoiceOrdersPage })),
        ),
        page(paths.invoiceCreate.path, 'create', () =>
          import('./pages/invoice-create-page').then((m) => ({ Component: m.InvoiceCreatePage })),
        ),
        page(paths.invoiceTitle.path, 'title', () =>
          import('./pages/invoice-titles-page').then((m) => ({ Component: m.InvoiceTitlesPage })),
        ),
        page(paths.invoiceAddTitle.path, 'addTitle', () =>
          import('./pages/invoice-add-title-page').then((m) => ({ Component: m.InvoiceAddTitlePage })),
        ),
        page(paths.invoiceRecord.path, 'record', () =>
          import('./pages/invoice-records-page').then((m) => ({ Component: m.InvoiceRecordsPage })),
        ),
        page(paths.invoiceDetail.path, 'detail', () =>
          import('./pages/invoice-detail-page').then((m) => ({ Component: m.InvoiceDetailPage })),
        ),
        page(paths.invoiceBook.path, 'book', () =>
          import('./pages/invoice-book-page').then((m) => ({ Component: m.InvoiceBookPage })),
        ),
        page(paths.invoiceNotice.path, 'notice', () =>
          import('./pages/invoice-notice-page').then((m) => ({ Component: m.InvoiceNoticePage })),
        ),
        page(paths.invoiceReCreate.path, 'reCreate', () =>
          import('./pages/invoice-recreate-page').then((m) => ({ Component: m.InvoiceReCreatePage })),
        ),
      ],
    },
  ],
};
