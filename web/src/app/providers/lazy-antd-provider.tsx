/**
 * antd's provider around the pages of a shell that loads no antd itself (the /h5, site and main
 * shells) when the page is built of antd components: loaded with antd, and with antd's locale so
 * the page's first render is in the user's language, when such a page shows.
 */
import { lazy, type ReactNode } from 'react';
import { wantAntdLocale } from '@/i18n/language-store';

const AntdProvider = lazy(() =>
  Promise.all([import('@/components/antd-provider'), wantAntdLocale()]).then(([m]) => ({ default: m.AntdProvider })),
);

export function PageAntdProvider({ antd, children }: { antd: boolean; children: ReactNode }) {
  return antd ? <AntdProvider>{children}</AntdProvider> : children;
}
