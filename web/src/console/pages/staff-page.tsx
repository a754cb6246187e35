/**
 * Staff (admin): the accounts, paged and searchable, with role, state, second factor and live
 * sessions; New staff account (email, name, role, first password: its first sign-in sets up an
 * authenticator app), Change role, Disable / Enable, Reset second factor, End sessions. The
 * server keeps the last enabled administrator (2500064).
 */

import type { TConsoleStaff } from '@ac/protocol/console/admin-shapes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { STAFF_ROLES, type TStaffRole } from '@ac/protocol/console/staff';
import { Alert, App, Button, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { useErrorText } from '../components/error-text';
import { date } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay, useStaff } from '../components/staff-context';

type What = 'role' | 'disable' | 'enable' | 'resetSecondFactor' | 'endSessions';
type NewStaff = { email: string; name: string; role: TStaffRole; password: string };

function CreateStaff() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const create = useConsoleMutation(consoleCalls.staff.create);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('staffCreate')}
      </Button>
      <ActionDialog<NewStaff>
        title={t('staffCreate')}
        open={open}
        pending={create.isPending}
        error={create.error}
        initialValues={{ role: 'support' }}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: ({ staff }) => {
              setOpen(false);
              void message.success(t('staffCreated', { email: staff.email }));
            },
          })
        }
      >
        <Form.Item name="email" label={t('colEmail')} rules={[{ required: true, type: 'email', max: 254 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('staffName')} rules={[{ required: true, max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('staffRole')} rules={[{ required: true }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={STAFF_ROLES.map((r) => ({ value: r, label: t(`role_${r}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('staffFirstPassword')}
          extra={t('staffFirstPasswordHint')}
          rules={[{ required: true, min: 8, max: 256 }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </ActionDialog>
    </>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const list = useConsoleCall(consoleCalls.staff.list, {
    query: query || undefined,
    pageNo,
    pageSize: CONSOLE_PAGE_SIZE,
  });
  const mayManage = useMay('staff.manage');
  const [action, setAction] = useState<{ staff: TConsoleStaff; what: What } | null>(null);
  const setRole = useConsoleMutation(consoleCalls.staff.setRole);
  const disable = useConsoleMutation(consoleCalls.staff.disable);
  const enable = useConsoleMutation(consoleCalls.staff.enable);
  const reset = useConsoleMutation(consoleCalls.staff.resetSecondFactor);
  const endSessions = useConsoleMutation(consoleCalls.staff.endSessions);
  const mutations = { role: setRole, disable, enable, resetSecondFactor: reset, endSessions };
  const current = action ? mutations[action.what] : null;
  const close = () => {
    setAction(null);
    for (const m of Object.values(mutations)) m.reset();
  };
  const done = (text: string) => {
    close();
    void message.success(text);
  };
  const button = (s: TConsoleStaff, what: What, danger = false) => (
    <Button
      size="small"
      danger={danger}
      aria-label={`${t(`staff_${what}`)} ${s.email}`}
      onClick={() => setAction({ staff: s, what })}
    >
      {t(`staff_${what}`)}
    </Button>
  );

  const columns: ColumnsType<TConsoleStaff> = [
    { title: t('colEmail'), dataIndex: 'email' },
    { title: t('staffName'), dataIndex: 'name' },
    { title: t('staffRole'), dataIndex: 'role', width: 120, render: (r: TStaffRole) => t(`role_${r}`) },
    {
      title: t('colStatus'),
      key: 'state',
      width: 110,
      render: (_, s) => (
        <StatusTag tone={s.disabled ? 'error' : 'success'}>
          {t(s.disabled ? 'staffDisabled' : 'staffEnabled')}
        </StatusTag>
      ),
    },
    {
      title: t('staffSecondFactor'),
      dataIndex: 'secondFactor',
      width: 130,
      render: (on: boolean) => t(on ? 'staffSecondFactorOn' : 'staffSecondFactorDue'),
    },
    { title: t('staffLiveSessions'), dataIndex: 'liveSessions', width: 110 },
    { title: t('staffCreatedAt'), dataIndex: 'createdAt', width: 110, render: (v: string) => date(v) },
    ...(mayManage
      ? [
          {
            title: t('colActions'),
            key: 'actions',
            width: 420,
            render: (_: unknown, s: TConsoleStaff) => (
              <Space wrap size={4}>
                {button(s, 'role')}
                {s.disabled ? button(s, 'enable') : button(s, 'disable', true)}
                {s.secondFactor ? button(s, 'resetSecondFactor') : null}
                {s.liveSessions > 0 ? button(s, 'endSessions') : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('navStaff')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('search')}
          placeholder={t('staffSearch')}
          defaultValue={query}
          enterButton={t('search')}
          allowClear
          onSearch={(q) => setParams(q.trim() ? { q: q.trim() } : {})}
          style={{ width: 360 }}
        />
        {mayManage ? <CreateStaff /> : null}
      </Space>
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <PagedTable<TConsoleStaff>
        label={t('navStaff')}
        testId="staff"
        rowKey="id"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1200}
        pageNo={pageNo}
        onPage={(page) => setParams({ ...(query ? { q: query } : {}), page: String(page) })}
      />
      <ActionDialog<{ role: TStaffRole }>
        title={action ? `${t(`staff_${action.what}`)} · ${action.staff.email}` : ''}
        open={action !== null}
        danger={action?.what === 'disable'}
        pending={current?.isPending ?? false}
        error={current?.error ?? null}
        initialValues={action ? { role: action.staff.role } : undefined}
        onCancel={close}
        onSubmit={({ role, reason }) => {
          if (!action) return;
          const p = { staffId: action.staff.id, reason };
          const email = action.staff.email;
          if (action.what === 'role')
            setRole.mutate(
              { ...p, role },
              { onSuccess: ({ staff }) => done(t('staffRoleSet', { email, role: t(`role_${staff.role}`) })) },
            );
          else if (action.what === 'disable')
            disable.mutate(p, { onSuccess: () => done(t('staffDisabledDone', { email })) });
          else if (action.what === 'enable')
            enable.mutate(p, { onSuccess: () => done(t('staffEnabledDone', { email })) });
          else if (action.what === 'resetSecondFactor')
            reset.mutate(p, { onSuccess: () => done(t('staffResetDone', { email })) });
          else
            endSessions.mutate(p, {
              onSuccess: ({ sessionsEnded }) => done(t('staffSessionsEnded', { email, count: sessionsEnded })),
            });
        }}
      >
        <Typography.Paragraph>{action ? t(`staff_${action.what}Hint`) : null}</Typography.Paragraph>
        {action?.what === 'role' ? (
          <Form.Item name="role" label={t('staffRole')} rules={[{ required: true }]}>
            <Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`role_${r}`) }))} />
          </Form.Item>
        ) : null}
        {action && action.staff.id === me.id ? (
          <Alert type="warning" showIcon title={t('staffSelfWarning')} style={{ marginBottom: 16 }} />
        ) : null}
      </ActionDialog>
    </>
  );
}
