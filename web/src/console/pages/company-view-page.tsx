/**
 * One company (sales): its state, seats (used of total) and end date, its members with their role
 * and seats, and its open invitations (the owner invitation of a new company until accepted);
 * Edit seats and end date, Freeze and Unfreeze, Close and Reopen, each with a reason, for a role that may manage companies.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TCompanyDetail } from '@ac/protocol/console/sales-shapes';
import type { TGoodsCode } from '@ac/protocol/enums';
import { Alert, App, Button, Card, Descriptions, Space, Spin, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ScrollRegion } from '@/components/scroll-region';
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
import { EmptyText } from '../components/empty-text';
import { useErrorText } from '../components/error-text';
import { date, dateTime } from '../components/format';
import { useMay } from '../components/staff-context';

type Company = TCompanyDetail['company'];

function EditCompany({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const update = useConsoleMutation(consoleCalls.companies.update);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('companyEdit')}
      </Button>
      {open ? (
        <ActionDialog<{ endDate?: Dayjs | null; seats?: SeatRow[] }>
          title={t('companyEditTitle', { name: company.name })}
          open={open}
          initialValues={{
            endDate: dayjs(company.endTime),
            seats: company.seats.map((s) => ({ goodsCode: s.goodsCode as TGoodsCode, total: s.total })),
          }}
          pending={update.isPending}
          error={update.error}
          onCancel={() => {
            setOpen(false);
            update.reset();
          }}
          onSubmit={({ endDate, seats, reason }) =>
            update.mutate(
              {
                companyId: company.id,
                endTime: endDate && !endDate.isSame(dayjs(company.endTime), 'day') ? endTimeOf(endDate) : undefined,
                seats: seatsOf(seats),
                reason,
              },
              {
                onSuccess: () => {
                  setOpen(false);
                  void message.success(t('companyUpdated'));
                },
              },
            )
          }
        >
          <Typography.Paragraph type="secondary">{t('companyEditHint')}</Typography.Paragraph>
          <SeatsField />
          <EndDateField required={false} />
        </ActionDialog>
      ) : null}
    </>
  );
}

/** A company state that an action turns on and off (freeze/unfreeze, close/reopen), each with a reason. */
type Toggle = {
  on: boolean;
  turnOn: typeof consoleCalls.companies.freeze;
  turnOff: typeof consoleCalls.companies.unfreeze;
  /** i18n keys of the action that turns it on and of the one that turns it off: label, title, hint, done */
  keys: { on: readonly [string, string, string, string]; off: readonly [string, string, string, string] };
};

function ToggleAction({ company, toggle }: { company: Company; toggle: Toggle }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const turningOff = toggle.on;
  const [label, title, hint, done] = turningOff ? toggle.keys.off : toggle.keys.on;
  const change = useConsoleMutation(turningOff ? toggle.turnOff : toggle.turnOn);
  return (
    <>
      <Button danger={!turningOff} onClick={() => setOpen(true)}>
        {t(label)}
      </Button>
      <ActionDialog<object>
        title={t(title, { name: company.name })}
        danger={!turningOff}
        open={open}
        pending={change.isPending}
        error={change.error}
        onCancel={() => {
          setOpen(false);
          change.reset();
        }}
        onSubmit={({ reason }) =>
          change.mutate(
            { companyId: company.id, reason },
            {
              onSuccess: () => {
                setOpen(false);
                void message.success(t(done));
              },
            },
          )
        }
      >
        <Typography.Paragraph>{t(hint)}</Typography.Paragraph>
      </ActionDialog>
    </>
  );
}

const FREEZE_KEYS = {
  on: ['companyFreeze', 'companyFreezeTitle', 'companyFreezeHint', 'companyFrozenDone'],
  off: ['companyUnfreeze', 'companyUnfreezeTitle', 'companyUnfreezeHint', 'companyUnfrozen'],
} as const;
const CLOSE_KEYS = {
  on: ['companyClose', 'companyCloseTitle', 'companyCloseHint', 'companyClosedDone'],
  off: ['companyReopen', 'companyReopenTitle', 'companyReopenHint', 'companyReopened'],
} as const;

export function CompanyViewPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { companyId = '' } = useParams();
  const detail = useConsoleCall(consoleCalls.companies.detail, { companyId });
  const mayManage = useMay('companies.manage');
  const mayUsers = useMay('users.read');
  if (detail.error) return <Alert type="error" showIcon title={errorText(detail.error)} />;
  if (!detail.data) return <Spin />;
  const { company, members, invitations } = detail.data;
  return (
    <>
      <Link to="/companies">{t('companiesBack')}</Link>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {company.name}
        </Typography.Title>
        {mayManage ? (
          <Space wrap>
            <EditCompany company={company} />
            <ToggleAction
              company={company}
              toggle={{
                on: company.freezeStatus === 'frozen',
                turnOn: consoleCalls.companies.freeze,
                turnOff: consoleCalls.companies.unfreeze,
                keys: FREEZE_KEYS,
              }}
            />
            <ToggleAction
              company={company}
              toggle={{
                on: company.status === 'closed',
                turnOn: consoleCalls.companies.close,
                turnOff: consoleCalls.companies.reopen,
                keys: CLOSE_KEYS,
              }}
            />
          </Space>
        ) : null}
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('colStatus')}>
            <CompanyStateTag company={company} />
          </Descriptions.Item>
          <Descriptions.Item label={t('companyEnd')}>{date(company.endTime)}</Descriptions.Item>
          <Descriptions.Item label={t('companyCreatedAt')}>{dateTime(company.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('companySeats')}>{seatsText(company.seats) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('companyMembers')}>{company.memberCount}</Descriptions.Item>
          <Descriptions.Item label={t('companyId')}>
            <Typography.Text copyable>{company.id}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('companyMembers')}
      </Typography.Title>
      <ScrollRegion label={t('companyMembers')} testId="company-members">
        <Table<TCompanyDetail['members'][number]>
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={members}
          scroll={{ x: 800 }}
          locale={{ emptyText: <EmptyText>{t('companyNoMembers')}</EmptyText> }}
          columns={[
            {
              title: t('colEmail'),
              dataIndex: 'email',
              width: 260,
              render: (email: string | null, r) =>
                mayUsers ? <Link to={`/users/${r.userId}`}>{email ?? r.userId}</Link> : (email ?? r.userId),
            },
            { title: t('colName'), dataIndex: 'name', width: 160 },
            { title: t('companyRole'), dataIndex: 'role', width: 120, render: (r: string) => t(`companyRole_${r}`) },
            { title: t('companySeats'), dataIndex: 'seats', width: 160, render: (s: string[]) => s.join(', ') || '—' },
            { title: t('companyJoined'), dataIndex: 'joinedAt', width: 150, render: dateTime },
          ]}
        />
      </ScrollRegion>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('companyInvitations')}
      </Typography.Title>
      <ScrollRegion label={t('companyInvitations')} testId="company-invitations">
        <Table<TCompanyDetail['invitations'][number]>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={invitations}
          scroll={{ x: 700 }}
          locale={{ emptyText: <EmptyText>{t('companyNoInvitations')}</EmptyText> }}
          columns={[
            { title: t('colEmail'), dataIndex: 'email', width: 260 },
            { title: t('companyRole'), dataIndex: 'role', width: 120, render: (r: string) => t(`companyRole_${r}`) },
            { title: t('companyInvited'), dataIndex: 'createdAt', width: 150, render: dateTime },
            { title: t('companyInvitationExpires'), dataIndex: 'expiresAt', width: 150, render: dateTime },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
