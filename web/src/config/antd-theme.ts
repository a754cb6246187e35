/**
 * antd's theme and message timing, shared by antd's provider and by the antd parts that show
 * outside it (the static message of pages without antd, the language menu of the site shell).
 */
import type { ThemeConfig } from 'antd';

/** Default seconds a header message (`message.success` …) stays (docs/product.md#messages-and-timing). */
export const MESSAGE_DURATION_SECONDS = 1;

/** Primary, secondary, placeholder and error colours that keep 4.5:1 contrast. */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // antd derives a lighter hover (#2e7ae6: white text at 4.2:1) from it; hover and press go darker instead
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
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

/** The same theme without animations and transitions, for visitors who asked for less motion. */
export const antdThemeWithoutMotion: ThemeConfig = { ...antdTheme, token: { ...antdTheme.token, motion: false } };
