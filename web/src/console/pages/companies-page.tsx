/**
 * Companies (sales): the list with its search (part of the name or the id), each with its seats
 * per goods code, members and end date; New company (name, admin e-mail invited as its owner,
 * seats per goods code, end date, a reason for the audit) for a role that may manage companies.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TConsoleCompany } from '@ac/protocol/console/sales-shapes';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import {
  CompanyStateTag,
  EndDateField,
  endTimeOf,
  type SeatRow,
  SeatsField,
  seatsOf,
  seatsText,
} from '../components/company-fields';
import { useErrorText } from '../components/error-text';
import { date } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay } from '../components/staff-context';

function CreateCompany() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const create = useConsoleMutation(consoleCalls.companies.create);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('companyCreate')}
      </Button>
      <ActionDialog<{ name: string; adminEmail: string; endDate: Parameters<typeof endTimeOf>[0]; seats?: SeatRow[] }>
        title={t('companyCreate')}
        open={open}
        pending={create.isPending}
        error={create.error}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
        onSubmit={({ name, adminEmail, endDate, seats, reason }) =>
          create.mutate(
            {
              name: name.trim(),
              adminEmail: adminEmail.trim(),
              endTime: endTimeOf(endDate),
              seats: seatsOf(seats),
              reason,
            },
            {
              onSuccess: (r) => {
                setOpen(false);
                void message.success(t('companyCreated', { email: adminEmail.trim() }));
                void navigate(`/companies/${r.company.id}`);
              },
            },
          )
        }
      >
        <Form.Item name="name" label={t('companyName')} rules={[{ required: true, whitespace: true, max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="adminEmail"
          label={t('companyAdminEmail')}
          extra={t('companyAdminEmailHint')}
          rules={[{ required: true, type: 'email', max: 254 }]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <SeatsField />
        <EndDateField />
      </ActionDialog>
    </>
  );
}

export function CompaniesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [query, setQuery] = useState<string | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const list = useConsoleCall(consoleCalls.companies.search, { query, pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const mayManage = useMay('companies.manage');

  const columns: ColumnsType<TConsoleCompany> = [
    {
      title: t('companyName'),
      dataIndex: 'name',
      width: 260,
      render: (name: string, r) => <Link to={`/companies/${r.id}`}>{name}</Link>,
    },
    { title: t('colStatus'), key: 'state', width: 140, render: (_, r) => <CompanyStateTag company={r} /> },
    { title: t('companySeats'), key: 'seats', width: 260, render: (_, r) => seatsText(r.seats) || '—' },
    { title: t('companyMembers'), dataIndex: 'memberCount', width: 100, align: 'right' },
    { title: t('companyEnd'), dataIndex: 'endTime', width: 130, render: date },
    { title: t('companyCreatedAt'), dataIndex: 'createdAt', width: 130, render: date },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {t('companiesTitle')}
        </Typography.Title>
        {mayManage ? <CreateCompany /> : null}
      </Space>
      <Form<{ query?: string }>
        layout="inline"
        onFinish={(v) => {
          setPageNo(1);
          setQuery(v.query?.trim() || undefined);
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="query" label={t('companyQuery')}>
          <Input allowClear style={{ width: 320 }} placeholder={t('companyQueryHint')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('search')}
        </Button>
      </Form>
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <PagedTable<TConsoleCompany>
        label={t('companiesTitle')}
        testId="companies-table"
        rowKey="id"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1020}
        pageNo={pageNo}
        onPage={setPageNo}
      />
    </>
  );
}
