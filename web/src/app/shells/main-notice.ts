/**
 * The main shell's notices (the session gate's errors, the re-login message): antd's message with
 * the app's theme, loaded when the first one shows, so a page built without antd loads no antd
 * (docs/performance.md, "First view"). A page built of antd components gets its App's message.
 */
import type { Notice } from '@/components/notice';

const loadMessage = () => import('../providers/themed-message').then((m) => m.message);

export const mainNotice: Notice = {
  error: (text) => void loadMessage().then((message) => message.error(text)),
  warning: (text) => void loadMessage().then((message) => message.warning(text)),
};
