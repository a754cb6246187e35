/** China invoicing: invoice management in the side menu and the /invoice area with its pages. */
import { Navigate } from 'react-router';
import { plannedPage } from '@/components/planned-page-route';
import { paths } from '@/config/paths';
import type { AppRoute, FeatureRoutes } from '@/lib/routing/app-route';

const page = (path: string, key: string): AppRoute => ({
  path,
  region: 'cn',
  title: `invoice.${key}Title`,
  description: `invoice.${key}Description`,
  lazy: plannedPage,
});

export const invoiceRoutes: FeatureRoutes = {
  main: [
    page(paths.invoiceManage.path, 'manage'),
    {
      path: paths.invoice.path,
      region: 'cn',
      title: 'invoice.areaTitle',
      lazy: () => import('./components/invoice-layout').then((m) => ({ Component: m.InvoiceLayout })),
      children: [
        { index: true, region: 'cn', element: <Navigate to={paths.invoiceOrder.path} replace /> },
        page(paths.invoiceOrder.path, 'order'),
        page(paths.invoiceCreate.path, 'create'),
        page(paths.invoiceTitle.path, 'title'),
        page(paths.invoiceAddTitle.path, 'addTitle'),
        page(paths.invoiceRecord.path, 'record'),
        page(paths.invoiceDetail.path, 'detail'),
        page(paths.invoiceBook.path, 'book'),
        page(paths.invoiceNotice.path, 'notice'),
        page(paths.invoiceReCreate.path, 'reCreate'),
      ],
    },
  ],
};
