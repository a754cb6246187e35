/**
 * Shown when a route fails to render or its chunk fails to load (e.g. after
 * a new release). antd's Result, with its illustrations, loads only when an
 * error shows; when that chunk cannot load either, the same texts as plain
 * markup.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import type { ErrorResultProps } from './error-result';

function PlainErrorResult({ title, description, reloadLabel }: ErrorResultProps) {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>
      <p>{description}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {reloadLabel}
      </button>
    </div>
  );
}

const ErrorResult = lazy(() =>
  import('./error-result').then(
    (m) => ({ default: m.ErrorResult }),
    () => ({ default: PlainErrorResult }),
  ),
);

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (import.meta.env.DEV) console.error(error);
  const texts = {
    title: t('common.errorTitle'),
    description: t('common.errorDescription'),
    reloadLabel: t('common.reload'),
  };
  return (
    <main id="main-content">
      <Suspense fallback={<FullPageSpin />}>
        <ErrorResult {...texts} />
      </Suspense>
    </main>
  );
}
