/**
 * antd's static message API, loaded on demand by notice.ts and session-expiry.ts (pages outside
 * antd's provider): drawn with the app's theme and lasting as long as the provider's messages.
 */
import { ConfigProvider, message } from 'antd';
import { createElement } from 'react';
import { antdTheme, MESSAGE_DURATION_SECONDS } from '@/config/antd-theme';

ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: antdTheme }, children) });
message.config({ duration: MESSAGE_DURATION_SECONDS });

export { message };
