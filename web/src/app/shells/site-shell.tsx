/** The light shell of the pages outside the account center: login, registration, recovery, site pages; antd's provider. */
import { Flex, Layout, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { LanguageSwitcher } from '@/components/language-switcher';
import { ShellContext } from '@/components/shell-context';
import { AntdProvider } from '../providers/antd-provider';

export function SiteShell() {
  const { t } = useTranslation('common');
  return (
    <AntdProvider>
      <ShellContext.Provider value="site">
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Header
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              borderBottom: '1px solid #e8e8e8',
            }}
          >
            <span className="app-logo">
              <span className="app-logo-mark" aria-hidden>
                A
              </span>
              <span>{t('common.productName')}</span>
            </span>
            <LanguageSwitcher />
          </Layout.Header>
          <Layout.Content id="main-content" style={{ padding: '24px 16px' }}>
            <div style={{ maxWidth: 960, margin: '0 auto' }}>
              <Suspense fallback={<FullPageSpin />}>
                <Outlet />
              </Suspense>
            </div>
          </Layout.Content>
          <Layout.Footer style={{ textAlign: 'center' }}>
            <Flex justify="center">
              <Typography.Text type="secondary">
                {t('common.footer', { year: new Date().getFullYear() })}
              </Typography.Text>
            </Flex>
          </Layout.Footer>
        </Layout>
      </ShellContext.Provider>
    </AntdProvider>
  );
}
