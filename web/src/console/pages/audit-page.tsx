/** The staff audit: filters, a page of rows, and the same filter as a CSV download. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TAuditRow } from '@ac/protocol/console/console-shapes';
import { Alert, Button, DatePicker, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleDownload, useConsoleCall } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { dateTime } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';

type Filter = { staffEmail?: string; action?: string; targetId?: string; from?: string; to?: string };
type FormValues = { staffEmail?: string; action?: string; targetId?: string; period?: [Dayjs, Dayjs] | null };

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function AuditPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>({});
  const [pageNo, setPageNo] = useState(1);
  const list = useConsoleCall(consoleCalls.audit.list, { ...filter, pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const [exportError, setExportError] = useState<unknown>(null);
  const columns: ColumnsType<TAuditRow> = [
    { title: t('colTime'), dataIndex: 'at', render: dateTime, width: 150 },
    { title: t('colStaff'), dataIndex: 'staffEmail', width: 220, ellipsis: true },
    { title: t('colRole'), dataIndex: 'role', render: (r: string) => t(`role_${r}`), width: 120 },
    { title: t('colAction'), dataIndex: 'action', width: 180 },
    {
      title: t('colTarget'),
      key: 'target',
      width: 200,
      ellipsis: true,
      render: (_, r) => `${r.targetType} ${r.targetId}`,
    },
    { title: t('colReason'), dataIndex: 'reason', width: 220 },
    {
      title: t('colChange'),
      key: 'change',
      width: 380,
      render: (_, r) =>
        r.before === null && r.after === null ? null : (
          <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {json(r.before)} → {json(r.after)}
          </Typography.Text>
        ),
    },
    { title: t('colIp'), dataIndex: 'ip', width: 130 },
  ];
  const onFilter = (v: FormValues) => {
    setPageNo(1);
    setFilter({
      staffEmail: v.staffEmail?.trim() || undefined,
      action: v.action?.trim() || undefined,
      targetId: v.targetId?.trim() || undefined,
      from: v.period?.[0]?.startOf('day').toISOString(),
      to: v.period?.[1]?.endOf('day').toISOString(),
    });
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('auditTitle')}
      </Typography.Title>
      <Form<FormValues> layout="inline" onFinish={onFilter} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="staffEmail" label={t('filterStaff')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="action" label={t('filterAction')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="targetId" label={t('filterTarget')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="period" label={t('filterPeriod')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('filter')}
          </Button>
          <Button
            onClick={() =>
              consoleDownload(consoleCalls.audit.export, filter, 'staff-audit.csv').then(
                () => setExportError(null),
                setExportError,
              )
            }
          >
            {t('exportCsv')}
          </Button>
        </Space>
      </Form>
      {list.error || exportError ? <Alert type="error" showIcon title={errorText(list.error ?? exportError)} /> : null}
      <PagedTable<TAuditRow>
        label={t('auditTitle')}
        testId="audit-table"
        rowKey="id"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1600}
        pageNo={pageNo}
        onPage={setPageNo}
      />
    </>
  );
}
