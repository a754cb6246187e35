/**
 * Short notices (the header messages of docs/product.md#messages-and-timing) for parts shared by
 * the desktop and the /h5 shell, such as the session gate, and for pages without antd (the login
 * page): the desktop shells show them with antd's message, the /h5 shell with antd-mobile's
 * Toast. Outside both, antd's message loads when the first notice shows.
 */
import { createContext, useContext } from 'react';

export type Notice = {
  /** `seconds`: how long it stays, when not the default. */
  success: (text: string, seconds?: number) => void;
  error: (text: string) => void;
  warning: (text: string) => void;
};

const antdMessage = () => import('@/lib/antd-message').then((m) => m.message);
const fallback: Notice = {
  success: (text, seconds) => void antdMessage().then((message) => message.success(text, seconds)),
  error: (text) => void antdMessage().then((message) => message.error(text)),
  warning: (text) => void antdMessage().then((message) => message.warning(text)),
};

export const NoticeContext = createContext<Notice>(fallback);

export function useNotice(): Notice {
  return useContext(NoticeContext);
}

/** The notice of no shell (antd's message, loaded on use). */
export const fallbackNotice = fallback;
