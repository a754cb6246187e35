/** The console's shell: the side menu (what the role may see), the staff member and sign-out. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { StatusTag } from '@/components/status-tag';
import { useConsoleMutation } from '../api/console-api';
import { consoleConfig } from '../console-config';
import { LanguageSelect } from './language-select';
import { useMay, useStaff } from './staff-context';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const me = useStaff();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const signOut = useConsoleMutation(consoleCalls.session.signOut);
  const mayOrders = useMay('orders.read');
  const mayInvoices = useMay('invoices.read') && consoleConfig.region === 'cn';
  const items = [
    ...(useMay('users.read') ? [{ key: 'users', label: <Link to="/users">{t('navUsers')}</Link> }] : []),
    ...(mayOrders
      ? [
          { key: 'orders', label: <Link to="/orders">{t('navOrders')}</Link> },
          { key: 'unconfirmed', label: <Link to="/orders?status=6">{t('navUnconfirmed')}</Link> },
          { key: 'refund-due', label: <Link to="/orders/refund-due">{t('navRefundDue')}</Link> },
        ]
      : []),
    ...(mayInvoices ? [{ key: 'invoices', label: <Link to="/invoices">{t('navInvoices')}</Link> }] : []),
    ...(useMay('companies.read')
      ? [{ key: 'companies', label: <Link to="/companies">{t('navCompanies')}</Link> }]
      : []),
    ...(useMay('codes.read') ? [{ key: 'codes', label: <Link to="/codes">{t('navCodes')}</Link> }] : []),
    ...(useMay('coupons.read') ? [{ key: 'coupons', label: <Link to="/coupons">{t('navCoupons')}</Link> }] : []),
    ...(useMay('offers.read') ? [{ key: 'offers', label: <Link to="/offers">{t('navOffers')}</Link> }] : []),
    ...(useMay('staff.read') ? [{ key: 'staff', label: <Link to="/staff">{t('navStaff')}</Link> }] : []),
    ...(useMay('audit.read') ? [{ key: 'audit', label: <Link to="/audit">{t('navAudit')}</Link> }] : []),
  ];
  const [, section = 'users', sub] = pathname.split('/');
  const selected =
    section === 'orders' && sub === 'refund-due'
      ? 'refund-due'
      : section === 'orders' && params.get('status') === '6'
        ? 'unconfirmed'
        : section;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '16px 24px', fontWeight: 600 }}>{t('appName')}</div>
        <nav aria-label={t('appName')}>
          <Menu mode="inline" selectedKeys={[selected]} items={items} style={{ border: 0 }} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            padding: '0 24px',
          }}
        >
          <Space size="middle">
            <LanguageSelect />
            <Typography.Text>{me.name}</Typography.Text>
            <StatusTag tone="info">{t(`role_${me.role}`)}</StatusTag>
            <Button onClick={() => signOut.mutate({})}>{t('signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
