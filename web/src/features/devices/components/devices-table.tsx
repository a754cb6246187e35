/** Devices as a table (docs/product.md#data fields) with bind / unbind and the bound count of the limit. */
import { calls } from '@ac/protocol/calls';
import type { TDeviceRow } from '@ac/protocol/devices';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { DeviceActions } from './device-actions';
import { DeviceStatusTag } from './device-status-tag';

export function DevicesTable() {
  const { t } = useTranslation(['devices', 'enums']);
  const columns = (boundLimit = 0): TableColumnsType<TDeviceRow> => [
    { title: t('devices.name'), dataIndex: 'name', key: 'name' },
    { title: t('devices.model'), dataIndex: 'model', key: 'model' },
    {
      title: t('devices.mac'),
      key: 'mac',
      width: 168,
      render: (_, row) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {row.mac}
        </Typography.Text>
      ),
    },
    {
      title: t('devices.uuid'),
      key: 'uuid',
      width: 168,
      render: (_, row) => (
        <Typography.Text style={{ fontSize: 12 }} copyable={{ text: row.uuid }}>
          {row.uuid}
        </Typography.Text>
      ),
    },
    { title: t('devices.lastIp'), key: 'lastIp', render: (_, row) => row.lastIp ?? EMPTY_VALUE },
    { title: t('devices.lastTime'), key: 'lastTime', render: (_, row) => formatDateTime(row.lastTime) },
    { title: t('devices.clientVersion'), dataIndex: 'clientVersion', key: 'clientVersion' },
    {
      title: t('devices.status'),
      key: 'status',
      width: 112,
      render: (_, row) => <DeviceStatusTag status={row.status} />,
    },
    {
      title: t('devices.actions'),
      key: 'actions',
      // Bind / Unbind stays in view whatever the width
      fixed: 'right',
      width: 112,
      render: (_, row) => <DeviceActions device={row} boundLimit={boundLimit} />,
    },
  ];
  return (
    <PagedTable
      call={calls.devices.list}
      columns={(answer) => columns(answer?.boundLimit)}
      rowKey="id"
      label={t('devices.pageTitle')}
      testId="devices-table"
      emptyText={t('devices.empty')}
      // the columns fit a 1440 px screen's content (about 1110 px) without scrolling
      scrollX={1040}
      size="middle"
      header={(answer) => (
        <Typography.Paragraph type="secondary" data-testid="devices-bound-count">
          {t('devices.boundCount', { bound: answer.bound, limit: answer.boundLimit })}
        </Typography.Paragraph>
      )}
    />
  );
}
