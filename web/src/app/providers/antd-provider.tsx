/**
 * antd configured for the current language (locale follows it) with a
 * theme whose primary, secondary, placeholder and error colours keep 4.5:1 contrast, and
 * the App context whose message API the re-login notice and the shared
 * notices (components/notice.ts) use. Header messages last 1 second unless
 * a call says otherwise (docs/product.md#messages-and-timing). Only pages
 * built of antd components render it (the main and /h5 shells load it with
 * them); `AntdConfig` is the theme and locale alone, for antd parts loaded
 * on first use outside such a page (the main shell's menus and drawer).
 */
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { type Notice, NoticeContext } from '@/components/notice';
import { i18next } from '@/i18n/i18n';
import { useAntdLocale } from '@/i18n/language-store';
import { configureSessionExpiry } from '@/lib/api/session-expiry';

/** Default seconds a header message (`message.success` …) stays (docs/product.md#messages-and-timing). */
export const MESSAGE_DURATION_SECONDS = 1;

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // select placeholders are text on the page: 4.7:1 instead of 1.9:1
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // red text (danger buttons such as Remove, errors) at 5.9:1 instead of #ff4d4f's 3.3:1
    colorError: '#cf1322',
    borderRadius: 8,
  },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px' } },
};

/** Inside antd's App: the re-login notice and the shared notices go to its message API. */
export function AntdNotices({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  // put back the shell's notice when the page (and its App) goes
  useEffect(
    () => configureSessionExpiry({ notify: () => void message.warning(i18next.t('errors.0000005')) }),
    [message],
  );
  const notice = useMemo<Notice>(
    () => ({ error: (text) => void message.error(text), warning: (text) => void message.warning(text) }),
    [message],
  );
  return <NoticeContext.Provider value={notice}>{children}</NoticeContext.Provider>;
}

/** antd's theme and locale (no DOM of its own). */
export function AntdConfig({ children }: { children: ReactNode }) {
  const antd = useAntdLocale();
  return (
    <ConfigProvider locale={antd} theme={theme} button={{ autoInsertSpace: false }}>
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
