/**
 * Short notices (the header messages of docs/product.md#messages-and-timing) for parts shared by
 * the desktop and the /h5 shell, such as the session gate: the desktop shells show them with
 * antd's message, the /h5 shell with antd-mobile's Toast. Outside both, antd's message loads when
 * the first notice shows.
 */
import { createContext, useContext } from 'react';

export type Notice = { error: (text: string) => void; warning: (text: string) => void };

const fallback: Notice = {
  error: (text) => void import('@/lib/antd-message').then(({ message }) => message.error(text)),
  warning: (text) => void import('@/lib/antd-message').then(({ message }) => message.warning(text)),
};

export const NoticeContext = createContext<Notice>(fallback);

export function useNotice(): Notice {
  return useContext(NoticeContext);
}

/** The notice of no shell (antd's message, loaded on use). */
export const fallbackNotice = fallback;
