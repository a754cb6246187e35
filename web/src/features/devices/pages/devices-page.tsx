/** Device management: the devices the user's clients reported, bound or not. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DevicesTable } from '../components/devices-table';

export function DevicesPage() {
  const { t } = useTranslation('devices');
  return (
    <>
      <PageHeader title={t('devices.pageTitle')} description={t('devices.pageDescription')} />
      <Card>
        <DevicesTable />
      </Card>
    </>
  );
}
