/** Device list in the mobile shell. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DeviceListMobile } from '../components/device-list-mobile';

export function H5DevicesPage() {
  const { t } = useTranslation('devices');
  return (
    <>
      <PageHeader title={t('devices.pageTitle')} description={t('devices.pageDescription')} />
      <DeviceListMobile />
    </>
  );
}
