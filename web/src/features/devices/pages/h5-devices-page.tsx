/** Devices and active sessions in the mobile shell. */
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DeviceListMobile } from '../components/device-list-mobile';
import { SessionListMobile } from '../components/session-list-mobile';

export function H5DevicesPage() {
  const { t } = useTranslation('devices');
  return (
    <>
      <PageHeader title={t('devices.pageTitle')} description={t('devices.pageDescription')} />
      <Tabs>
        <Tabs.Tab title={t('devices.tabDevices')} key="devices">
          <DeviceListMobile />
        </Tabs.Tab>
        <Tabs.Tab title={t('devices.sessionTab')} key="sessions" destroyOnClose>
          <SessionListMobile />
        </Tabs.Tab>
      </Tabs>
    </>
  );
}
