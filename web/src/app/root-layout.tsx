/** Above every shell: scroll to top on navigation, the document title, a skip link. */
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { namespaceOf, useRouteHandle } from '@/components/use-route-handle';

/** document.title follows the route's title key, else the generic "User System". */
function useDocumentTitle() {
  const { title } = useRouteHandle();
  const { i18n } = useTranslation('common');
  const language = i18n.language;
  useEffect(() => {
    let current = true;
    void i18n.loadNamespaces(namespaceOf(title)).then(() => {
      if (current) document.title = i18n.t(title ?? 'common.appTitle', { lng: language });
    });
    return () => {
      current = false;
    };
  }, [title, i18n, language]);
}

export function RootLayout() {
  const { t } = useTranslation('common');
  useDocumentTitle();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <ScrollRestoration />
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
    </>
  );
}
