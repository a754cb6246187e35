/** Devices as a table (docs/product.md#data fields) with bind / unbind and the bound count of the limit. */
import { calls } from '@ac/protocol/calls';
import type { TDeviceRow } from '@ac/protocol/devices';
import { keepPreviousData } from '@tanstack/react-query';
import { type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { useCall } from '@/lib/api/use-call';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { DeviceActions } from './device-actions';
import { DeviceStatusTag } from './device-status-tag';

const PAGE_SIZE = 10;

export function DevicesTable() {
  const { t } = useTranslation(['devices', 'enums']);
  const [pageNo, setPageNo] = useState(1);
  const devices = useCall(calls.devices.list, { pageNo, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
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
    {
      title: t('devices.actions'),
      key: 'actions',
      render: (_, row) => <DeviceActions device={row} boundLimit={devices.data?.boundLimit ?? 0} />,
    },
  ];
  return (
    <>
      {devices.data ? (
        <Typography.Paragraph type="secondary" data-testid="devices-bound-count">
          {t('devices.boundCount', { bound: devices.data.bound, limit: devices.data.boundLimit })}
        </Typography.Paragraph>
      ) : null}
      <PagedTable
        query={devices}
        columns={columns}
        rowKey="id"
        label={t('devices.pageTitle')}
        testId="devices-table"
        emptyText={t('devices.empty')}
        scrollX={1200}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
      />
    </>
  );
}
