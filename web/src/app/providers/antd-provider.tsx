/**
 * antd configured for the current language (locale follows it) with a
 * theme whose primary, secondary, placeholder and error colours keep 4.5:1 contrast, and
 * the App context whose message API the re-login notice uses. Header
 * messages last 1 second unless a call says otherwise (docs/product.md#messages-and-timing).
 */
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { i18next } from '@/i18n/i18n';
import { useLanguageState } from '@/i18n/language-store';
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

function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    configureSessionExpiry({ notify: () => void message.warning(i18next.t('errors.0000005')) });
  }, [message]);
  return null;
}

export function AntdProvider({ children }: { children: ReactNode }) {
  const { antd } = useLanguageState();
  return (
    <ConfigProvider locale={antd} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ duration: MESSAGE_DURATION_SECONDS }}>
        <MessageBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
