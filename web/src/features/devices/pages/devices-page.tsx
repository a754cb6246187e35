/** Device management: the devices the user's clients reported, bound or not, and the active sessions. */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DevicesTable } from '../components/devices-table';
import { SessionsTable } from '../components/sessions-table';

export function DevicesPage() {
  const { t } = useTranslation('devices');
  return (
    <>
      <PageHeader title={t('devices.pageTitle')} description={t('devices.pageDescription')} />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'devices', label: t('devices.tabDevices'), children: <DevicesTable /> },
            { key: 'sessions', label: t('devices.sessionTab'), children: <SessionsTable /> },
          ]}
        />
      </Card>
    </>
  );
}
