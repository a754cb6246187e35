/** Devices for the mobile shell: one antd-mobile list item per device. */
import { DotLoading, ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { useDevices } from '../api/get-devices';
import { DeviceStatusTag } from './device-status-tag';

export function DeviceListMobile() {
  const { t } = useTranslation(['devices', 'enums']);
  const errorText = useErrorText();
  const devices = useDevices({ pageNo: 1, pageSize: 100 });
  if (devices.isPending) return <DotLoading color="primary" />;
  if (devices.error) return <ErrorBlock status="default" title={errorText(devices.error)} description={null} />;
  if (devices.data.rows.length === 0)
    return <ErrorBlock status="empty" title={t('devices.empty')} description={null} />;
  return (
    <List data-testid="devices-list" aria-label={t('devices.pageTitle')}>
      {devices.data.rows.map((device) => (
        <List.Item
          key={device.id}
          extra={<DeviceStatusTag status={device.status} />}
          description={
            <>
              <div>
                {t('devices.mac')}: {device.mac}
              </div>
              <div>
                {t('devices.lastTime')}: {formatDateTime(device.lastTime)} · {device.lastIp ?? EMPTY_VALUE}
              </div>
              <div>
                {t('devices.clientVersion')}: {device.clientVersion}
              </div>
            </>
          }
        >
          {device.name} <span style={{ color: '#595959', fontSize: 13 }}>{device.model}</span>
        </List.Item>
      ))}
    </List>
  );
}
