/**
 * antd configured for the current language (locale follows it) with the
 * theme of config/antd-theme.ts (colours that keep 4.5:1 contrast), and
 * the App context whose message API the re-login notice and the shared
 * notices (components/notice.ts) use. Header messages last 1 second unless
 * a call says otherwise (docs/product.md#messages-and-timing). Only pages
 * built of antd components render it (the main, site and /h5 shells load it with
 * them); `AntdConfig` is the theme and locale alone, for antd parts loaded
 * on first use outside such a page (the main shell's menus and drawer).
 */
import { App, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { type Notice, NoticeContext } from '@/components/notice';
import { antdTheme, antdThemeWithoutMotion, MESSAGE_DURATION_SECONDS } from '@/config/antd-theme';
import { i18next } from '@/i18n/i18n';
import { useAntdLocale } from '@/i18n/language-store';
import { configureSessionExpiry } from '@/lib/api/session-expiry';
import { usePrefersReducedMotion } from '@/lib/hooks/use-media-query';

/** Inside antd's App: the re-login notice and the shared notices go to its message API. */
export function AntdNotices({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  // put back the shell's notice when the page (and its App) goes
  useEffect(
    () => configureSessionExpiry({ notify: () => void message.warning(i18next.t('errors.0000005')) }),
    [message],
  );
  const notice = useMemo<Notice>(
    () => ({
      success: (text, seconds) => void message.success(text, seconds),
      error: (text) => void message.error(text),
      warning: (text) => void message.warning(text),
    }),
    [message],
  );
  return <NoticeContext.Provider value={notice}>{children}</NoticeContext.Provider>;
}

/** antd's theme (without motion when the visitor asked for less) and locale (no DOM of its own). */
export function AntdConfig({ children }: { children: ReactNode }) {
  const antd = useAntdLocale();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={antd}
      theme={reducedMotion ? antdThemeWithoutMotion : antdTheme}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <App message={{ duration: MESSAGE_DURATION_SECONDS }}>
        <AntdNotices>{children}</AntdNotices>
      </App>
    </AntdConfig>
  );
}
