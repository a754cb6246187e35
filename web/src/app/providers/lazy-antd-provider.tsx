/**
 * antd's provider around the pages of a shell that loads no antd itself (the /h5 shell, the site
 * shell) when the page is built of antd components: loaded with antd when such a page shows.
 */
import { lazy, type ReactNode } from 'react';

const AntdProvider = lazy(() => import('./antd-provider').then((m) => ({ default: m.AntdProvider })));

export function PageAntdProvider({ antd, children }: { antd: boolean; children: ReactNode }) {
  return antd ? <AntdProvider>{children}</AntdProvider> : children;
}
