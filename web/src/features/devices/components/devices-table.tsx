/** Devices as a read-only table (docs/product.md#data fields). */
import type { TDeviceRow } from '@ac/protocol/devices';
import { type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { useDevices } from '../api/get-devices';
import { DeviceStatusTag } from './device-status-tag';

const PAGE_SIZE = 10;

export function DevicesTable() {
  const { t } = useTranslation(['devices', 'enums']);
  const [pageNo, setPageNo] = useState(1);
  const devices = useDevices({ pageNo, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<TDeviceRow> = [
    { title: t('devices.name'), dataIndex: 'name', key: 'name' },
    { title: t('devices.model'), dataIndex: 'model', key: 'model' },
    {
      title: t('devices.mac'),
      key: 'mac',
      render: (_, row) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {row.mac}
        </Typography.Text>
      ),
    },
    {
      title: t('devices.uuid'),
      key: 'uuid',
      render: (_, row) => (
        <Typography.Text style={{ fontSize: 12 }} copyable={{ text: row.uuid }}>
          {row.uuid}
        </Typography.Text>
      ),
    },
    { title: t('devices.lastIp'), key: 'lastIp', render: (_, row) => row.lastIp ?? EMPTY_VALUE },
    { title: t('devices.lastTime'), key: 'lastTime', render: (_, row) => formatDateTime(row.lastTime) },
    { title: t('devices.clientVersion'), dataIndex: 'clientVersion', key: 'clientVersion' },
    { title: t('devices.status'), key: 'status', render: (_, row) => <DeviceStatusTag status={row.status} /> },
  ];
  return (
    <PagedTable
      query={devices}
      columns={columns}
      rowKey="id"
      label={t('devices.pageTitle')}
      testId="devices-table"
      emptyText={t('devices.empty')}
      scrollX={1100}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
    />
  );
}
