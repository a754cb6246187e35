/** The desktop shell: antd's provider, header, side menu (a drawer on narrow screens) and the page. */
import { Divider, Drawer, Grid, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { ShellContext } from '@/components/shell-context';
import { AntdProvider } from '../providers/antd-provider';
import { SessionGate } from '../session-gate';
import { HeaderNav } from './header-nav';
import { MainHeader } from './main-header';
import { SideMenu } from './side-menu';

function MainLayout() {
  const { t } = useTranslation('nav');
  const screens = Grid.useBreakpoint();
  const compact = screens.lg === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <SessionGate>
      <ShellContext.Provider value="main">
        <Layout style={{ minHeight: '100vh' }}>
          <MainHeader compact={compact} onOpenMenu={() => setMenuOpen(true)} />
          <Layout>
            {compact ? null : (
              <Layout.Sider width={232} style={{ borderInlineEnd: '1px solid #e8e8e8' }}>
                <SideMenu />
              </Layout.Sider>
            )}
            <Layout.Content
              id="main-content"
              tabIndex={-1}
              style={{ padding: compact ? 16 : 24, minWidth: 0, outline: 'none' }}
            >
              <div style={{ maxWidth: 1280, margin: '0 auto' }}>
                <Suspense fallback={<FullPageSpin />}>
                  <Outlet />
                </Suspense>
              </div>
            </Layout.Content>
          </Layout>
          <Drawer
            open={menuOpen}
            placement="left"
            size={280}
            title={t('nav.menu')}
            onClose={() => setMenuOpen(false)}
            styles={{ body: { padding: 0 } }}
          >
            <HeaderNav mode="inline" />
            <Divider style={{ margin: '8px 0' }} />
            <SideMenu />
          </Drawer>
        </Layout>
      </ShellContext.Provider>
    </SessionGate>
  );
}

export function MainShell() {
  return (
    <AntdProvider>
      <MainLayout />
    </AntdProvider>
  );
}
