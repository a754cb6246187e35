/**
 * Shown when a route fails to render or its chunk fails to load (e.g. after
 * a new release) or has not loaded after 120 seconds (SPEC §8); Reload retries.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadTimeoutError } from '@/lib/routing/chunk-timeout';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content">
      <Result
        status="error"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('common.errorTitle')}</h1>}
        subTitle={t(error instanceof ChunkLoadTimeoutError ? 'common.chunkTimeout' : 'common.errorDescription')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </main>
  );
}
