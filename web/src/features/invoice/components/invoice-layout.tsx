/** The China invoice area: its own navigation above the invoice pages. */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

const sections = [
  { path: paths.invoiceOrder.path, label: 'invoice.navOrder' },
  { path: paths.invoiceTitle.path, label: 'invoice.navTitle' },
  { path: paths.invoiceRecord.path, label: 'invoice.navRecord' },
  { path: paths.invoiceNotice.path, label: 'invoice.navNotice' },
] as const;

export function InvoiceLayout() {
  const { t } = useTranslation('invoice');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = sections.find((s) => pathname.startsWith(s.path))?.path;
  return (
    <>
      <nav aria-label={t('invoice.areaLabel')} style={{ marginBottom: 16, overflowX: 'auto' }}>
        <Segmented
          value={current}
          onChange={(value) => navigate(value)}
          options={sections.map((s) => ({ value: s.path, label: t(s.label) }))}
        />
      </nav>
      <Outlet />
    </>
  );
}
