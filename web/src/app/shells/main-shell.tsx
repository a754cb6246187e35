/**
 * The desktop shell: header, side menu (a drawer on narrow screens) and the page. The shell is
 * plain markup (main-shell.css); antd's provider loads with the pages built of antd components (all
 * but those whose route says `antd: false`), the drawer on first use (docs/performance.md).
 */
import './main-shell.css';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { fallbackNotice, NoticeContext } from '@/components/notice';
import { ShellContext } from '@/components/shell-context';
import { useRouteHandle } from '@/components/use-route-handle';
import { i18next } from '@/i18n/i18n';
import { wantAntdLocale } from '@/i18n/language-store';
import { configureSessionExpiry } from '@/lib/api/session-expiry';
import { PageAntdProvider } from '../providers/lazy-antd-provider';
import { SessionGate } from '../session-gate';
import { MainHeader } from './main-header';
import { SideMenu } from './side-menu';
import { useCompact } from './use-compact';

const loadDrawer = () => Promise.all([import('./main-drawer'), wantAntdLocale()]);
const MainDrawer = lazy(() => loadDrawer().then(([m]) => ({ default: m.MainDrawer })));
const preloadDrawer = () => void loadDrawer().catch(() => undefined);

/** antd's provider around a page built of antd components (not around a redirect, which has no title). */
function PageProviders({ children }: { children: ReactNode }) {
  const { title, antd } = useRouteHandle();
  return <PageAntdProvider antd={Boolean(title) && antd !== false}>{children}</PageAntdProvider>;
}

export function MainShell() {
  const compact = useCompact();
  const [menuOpen, setMenuOpen] = useState(false);
  // the drawer (antd's) loads when the menu is first opened
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => configureSessionExpiry({ notify: () => fallbackNotice.warning(i18next.t('errors.0000005')) }), []);

  return (
    <NoticeContext.Provider value={fallbackNotice}>
      <SessionGate>
        <ShellContext.Provider value="main">
          <div className="main-layout">
            <MainHeader
              compact={compact}
              menuOpen={menuOpen}
              onOpenMenu={() => {
                setDrawerWanted(true);
                setMenuOpen(true);
              }}
              onPreloadMenu={preloadDrawer}
            />
            <div className="main-body">
              {compact ? null : (
                <aside className="main-sider">
                  <SideMenu />
                </aside>
              )}
              <main id="main-content" tabIndex={-1} className="main-content">
                <div className="main-content-inner">
                  <Suspense fallback={<FullPageSpin />}>
                    <PageProviders>
                      <Outlet />
                    </PageProviders>
                  </Suspense>
                </div>
              </main>
            </div>
            {drawerWanted ? (
              <Suspense fallback={null}>
                <MainDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
              </Suspense>
            ) : null}
          </div>
        </ShellContext.Provider>
      </SessionGate>
    </NoticeContext.Provider>
  );
}
