/**
 * The light shell of the pages outside the account center: login, registration, recovery, site
 * pages. Plain markup drawn like antd's Layout (styles.css), so that the login page loads no
 * antd (docs/performance.md#fourth-step-the-login-page-without-antd-2026-11-28);
 * the other pages, built of antd components, get antd's provider, loaded with them (route
 * handle `antd`, true unless a page says otherwise).
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { LanguageSwitcher } from '@/components/language-switcher';
import { ShellContext } from '@/components/shell-context';
import { useRouteHandle } from '@/components/use-route-handle';
import { PageAntdProvider } from '../providers/lazy-antd-provider';

export function SiteShell() {
  const { t } = useTranslation('common');
  const { antd } = useRouteHandle();
  return (
    <ShellContext.Provider value="site">
      <div className="site-shell">
        <header className="site-header">
          <span className="app-logo">
            <span className="app-logo-mark" aria-hidden>
              A
            </span>
            <span>{t('common.productName')}</span>
          </span>
          <LanguageSwitcher />
        </header>
        <main id="main-content" className="site-content">
          <div className="site-content-inner">
            <Suspense fallback={<FullPageSpin />}>
              <PageAntdProvider antd={antd !== false}>
                <Outlet />
              </PageAntdProvider>
            </Suspense>
          </div>
        </main>
        <footer className="site-footer">{t('common.footer', { year: new Date().getFullYear() })}</footer>
      </div>
    </ShellContext.Provider>
  );
}
