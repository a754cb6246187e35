/**
 * A page whose forms and calls come with a later piece of work: it already
 * has its route, title, navigation and layout, and says what it is for.
 * Title and description are the route's i18n keys; it shows no data.
 */
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { namespaceOf, useRouteHandle } from './use-route-handle';

export function PlannedPage() {
  const { title, description } = useRouteHandle();
  const { t } = useTranslation([namespaceOf(title), 'common']);
  return (
    <>
      <PageHeader title={title ? t(title) : t('common.appTitle')} description={description ? t(description) : null} />
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.plannedNotice')} />
      </Card>
    </>
  );
}
