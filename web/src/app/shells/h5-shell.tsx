/**
 * The mobile shell (antd-mobile): a NavBar with the page title, the page,
 * and a tab bar of links on the account pages (links, so keyboards and
 * screen readers can use it). It loads no antd: notices show as antd-mobile
 * Toasts; a page built of antd components (route handle `antd`) gets antd's
 * provider, loaded with it. A visitor who asked for less motion gets no
 * animations (antd-mobile's reduceMotion).
 */
import {
  AppstoreOutlined,
  HistoryOutlined,
  LaptopOutlined,
  LeftOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ConfigProvider, NavBar, reduceMotion, restoreMotion, Toast } from 'antd-mobile';
import './antd-mobile-render';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { LanguageSwitcher } from '@/components/language-switcher';
import { type Notice, NoticeContext } from '@/components/notice';
import { ShellContext } from '@/components/shell-context';
import { namespaceOf, useRouteHandle } from '@/components/use-route-handle';
import { paths } from '@/config/paths';
import { i18next } from '@/i18n/i18n';
import { useLanguageState } from '@/i18n/language-store';
import { configureSessionExpiry } from '@/lib/api/session-expiry';
import { usePrefersReducedMotion } from '@/lib/hooks/use-media-query';
import { PageAntdProvider } from '../providers/lazy-antd-provider';
import { SessionGate } from '../session-gate';

const tabs = [
  { to: paths.h5Profile.path, label: 'nav.h5Profile', icon: <UserOutlined aria-hidden /> },
  { to: paths.h5Products.path, label: 'nav.h5Products', icon: <AppstoreOutlined aria-hidden /> },
  { to: paths.h5Devices.path, label: 'nav.h5Devices', icon: <LaptopOutlined aria-hidden /> },
  { to: paths.h5Security.path, label: 'nav.h5Security', icon: <SafetyOutlined aria-hidden /> },
  { to: paths.h5Activity.path, label: 'nav.h5Activity', icon: <HistoryOutlined aria-hidden /> },
] as const;

const h5Notice: Notice = {
  success: (text, seconds) =>
    void Toast.show({ icon: 'success', content: text, ...(seconds ? { duration: seconds * 1000 } : {}) }),
  error: (text) => void Toast.show({ icon: 'fail', content: text }),
  warning: (text) => void Toast.show({ content: text }),
};

export function H5Shell() {
  const { mobile } = useLanguageState();
  const { title, antd } = useRouteHandle();
  const { t } = useTranslation([namespaceOf(title), 'nav', 'common']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onTab = tabs.some((tab) => tab.to === pathname);
  const header = useRef<HTMLElement>(null);
  // antd-mobile marks the NavBar's left slot role="button" even when it holds no control:
  // our own labelled back button lives inside it, so the slot itself is no button.
  useEffect(() => {
    header.current?.querySelector('.adm-nav-bar-left')?.removeAttribute('role');
  });
  useEffect(() => configureSessionExpiry({ notify: () => h5Notice.warning(i18next.t('errors.0000005')) }), []);
  // antd-mobile's animations (popups, pickers, toasts) follow the visitor's wish for less motion
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => (reducedMotion ? reduceMotion() : restoreMotion()), [reducedMotion]);
  const back = (
    <button type="button" className="h5-back" aria-label={t('common.back')} onClick={() => navigate(-1)}>
      <LeftOutlined aria-hidden />
    </button>
  );

  return (
    <ConfigProvider locale={mobile}>
      <NoticeContext.Provider value={h5Notice}>
        <ShellContext.Provider value="h5">
          <div className="h5-shell">
            <header ref={header}>
              <NavBar back={null} left={onTab ? null : back} right={<LanguageSwitcher compact />}>
                <span aria-hidden>{title ? t(title) : t('common.appTitle')}</span>
              </NavBar>
            </header>
            <SessionGate>
              <main id="main-content" className="h5-content">
                <Suspense fallback={<FullPageSpin />}>
                  {/* the desktop pages the shell reuses are built of antd (route handle `antd`) */}
                  <PageAntdProvider antd={antd === true}>
                    <Outlet />
                  </PageAntdProvider>
                </Suspense>
              </main>
              {onTab ? (
                <nav aria-label={t('nav.mainMenu')} className="h5-tab-bar">
                  {tabs.map((tab) => (
                    <NavLink key={tab.to} to={tab.to} className="h5-tab">
                      {tab.icon}
                      <span>{t(tab.label)}</span>
                    </NavLink>
                  ))}
                </nav>
              ) : null}
            </SessionGate>
          </div>
        </ShellContext.Provider>
      </NoticeContext.Provider>
    </ConfigProvider>
  );
}
