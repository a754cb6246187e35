/**
 * The console's shell: the side menu (what the role may see), the staff member and sign-out.
 * From antd's `lg` breakpoint (992 px) down the menu leaves the side for a drawer opened by the
 * header's Menu button, and a note says the console is made for a desktop screen
 * (docs/decisions/0051-console-narrow-screens.md).
 */

import { consoleCalls } from '@ac/protocol/console/console-calls';
import { MenuOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Grid, Layout, Menu, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import { StatusTag } from '@/components/status-tag';
import { useConsoleMutation } from '../api/console-api';
import { consoleConfig } from '../console-config';
import { LanguageSelect } from './language-select';
import { useMay, useStaff } from './staff-context';

const SIDER_WIDTH = 200;

export function ConsoleLayout() {
  const { t } = useTranslation();
  const me = useStaff();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const signOut = useConsoleMutation(consoleCalls.session.signOut);
  const screens = Grid.useBreakpoint();
  // before the first measure (an empty object) the side menu is assumed
  const narrow = screens.lg === false;
  const phone = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // a link taken in the drawer closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location
  useEffect(() => setDrawerOpen(false), [pathname, params]);
  const mayOrders = useMay('orders.read');
  const mayInvoices = useMay('invoices.read') && consoleConfig.region === 'cn';
  const items = [
    { key: 'dashboard', label: <Link to="/">{t('navDashboard')}</Link> },
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
  const [, section = '', sub] = pathname.split('/');
  const selected =
    section === ''
      ? 'dashboard'
      : section === 'orders' && sub === 'refund-due'
        ? 'refund-due'
        : section === 'orders' && params.get('status') === '6'
          ? 'unconfirmed'
          : section;
  const menu = (
    <nav aria-label={t('appName')}>
      <Menu mode="inline" selectedKeys={[selected]} items={items} style={{ border: 0 }} />
    </nav>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer
          title={t('appName')}
          placement="left"
          size={SIDER_WIDTH + 40}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider width={SIDER_WIDTH} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          <div style={{ padding: '16px 24px', fontWeight: 600 }}>{t('appName')}</div>
          {menu}
        </Layout.Sider>
      )}
      {/* min-width 0: a wide table scrolls inside itself instead of widening the page */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 8,
            padding: phone ? '0 12px' : '0 24px',
          }}
        >
          {narrow ? (
            <Button
              icon={<MenuOutlined />}
              aria-label={t('navMenu')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              {phone ? null : t('navMenu')}
            </Button>
          ) : (
            <span />
          )}
          <Space size={phone ? 'small' : 'middle'}>
            <LanguageSelect />
            {phone ? null : <Typography.Text>{me.name}</Typography.Text>}
            <StatusTag tone="info">{t(`role_${me.role}`)}</StatusTag>
            <Button onClick={() => signOut.mutate({})}>{t('signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: phone ? 12 : 24, minWidth: 0 }}>
          <main>
            {phone ? <Alert type="info" showIcon title={t('phoneNotice')} style={{ marginBottom: 12 }} /> : null}
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
