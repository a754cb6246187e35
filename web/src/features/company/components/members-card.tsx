/**
 * Member management for a company admin: invite by email, open invitations,
 * members with their seats (assign, release) and removal. Anyone else gets
 * the server's 1300001 ("No permission temporarily!") for the list and sees it.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { ZEmail } from '@ac/protocol/common';
import type { TCompanyMember, TCompanyOverview } from '@ac/protocol/company';
import { App, Button, Card, Flex, Form, Grid, Input, Popconfirm, Result, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ResponsiveTable } from '@/components/responsive-table';
import { useErrorText } from '@/components/use-error-text';
import { useCall } from '@/lib/api/use-call';
import { formatDate } from '@/lib/format/date';
import { zodRule } from '@/lib/forms/zod-rule';
import { useAdminCall } from '../api/use-admin-call';

function InviteForm() {
  const { t } = useTranslation('enterprise');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const invite = useAdminCall(calls.company.invite);
  const [form] = Form.useForm<{ email: string }>();
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Form
      form={form}
      layout={wide ? 'inline' : 'vertical'}
      onFinish={({ email }) =>
        invite.mutate(
          { email },
          {
            onSuccess: () => {
              void message.success(t('enterprise.invited', { email }));
              form.resetFields();
            },
            onError: (e) => void message.error(errorText(e)),
          },
        )
      }
      style={{ rowGap: 8 }}
    >
      <Form.Item
        name="email"
        label={t('enterprise.inviteEmail')}
        rules={[
          { required: true, message: t('enterprise.emailRequired') },
          zodRule(ZEmail, t('enterprise.emailInvalid')),
        ]}
      >
        <Input type="email" autoComplete="off" style={{ width: wide ? 260 : '100%' }} data-testid="invite-email" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-submit">
          {t('enterprise.invite')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function SeatCell({ member, company }: { member: TCompanyMember; company: TCompanyOverview }) {
  const { t } = useTranslation('enterprise');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const assign = useAdminCall(calls.company.assignSeat);
  const release = useAdminCall(calls.company.releaseSeat);
  const [choice, setChoice] = useState<string>();
  const free = company.seats.filter((s) => !member.seats.includes(s.goodsCode));
  const onError = (e: unknown) => void message.error(errorText(e));
  return (
    <Space direction="vertical" size={4}>
      {member.seats.length > 0 ? (
        <Flex gap={4} wrap>
          {member.seats.map((code) => (
            <Tag key={code} data-testid={`member-seat-${code}`} style={{ marginInlineEnd: 0 }}>
              {code}
              <Button
                type="link"
                size="small"
                aria-label={t('enterprise.releaseSeatOf', { goods: code })}
                title={t('enterprise.releaseSeatOf', { goods: code })}
                style={{ paddingInline: 4, height: 'auto' }}
                onClick={() =>
                  release.mutate(
                    { userId: member.userId, goodsCode: code },
                    { onSuccess: () => void message.success(t('enterprise.seatReleased')), onError },
                  )
                }
                data-testid={`release-${code}`}
              >
                ×
              </Button>
            </Tag>
          ))}
        </Flex>
      ) : null}
      {free.length > 0 ? (
        <Space.Compact>
          <Select
            size="small"
            placeholder={t('enterprise.chooseSeat')}
            aria-label={t('enterprise.chooseSeat')}
            value={choice}
            onChange={setChoice}
            style={{ width: 170 }}
            options={free.map((s) => ({
              value: s.goodsCode,
              label: `${s.goodsCode} (${s.total - s.used}/${s.total})`,
              disabled: s.used >= s.total,
            }))}
            data-testid="seat-select"
          />
          <Button
            size="small"
            disabled={!choice}
            loading={assign.isPending}
            onClick={() =>
              choice &&
              assign.mutate(
                { userId: member.userId, goodsCode: choice },
                {
                  onSuccess: () => {
                    setChoice(undefined);
                    void message.success(t('enterprise.seatAssigned'));
                  },
                  onError,
                },
              )
            }
            data-testid="seat-assign"
          >
            {t('enterprise.assignSeat')}
          </Button>
        </Space.Compact>
      ) : null}
    </Space>
  );
}

export function MembersCard({ company }: { company: TCompanyOverview }) {
  const { t } = useTranslation('enterprise');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const members = useCall(calls.company.members, {});
  const remove = useAdminCall(calls.company.removeMember);
  const cancel = useAdminCall(calls.company.cancelInvitation);
  const onError = (e: unknown) => void message.error(errorText(e));

  if (errorCode(members.error) === Code.noPermission) {
    return (
      <Card title={t('enterprise.members')}>
        <Result
          status="403"
          title={errorText(members.error)}
          subTitle={t('enterprise.adminsOnly')}
          data-testid="members-no-permission"
        />
      </Card>
    );
  }
  return (
    <Card title={t('enterprise.members')} data-testid="members-card">
      <QueryErrorAlert query={members} />
      <InviteForm />
      {members.data?.invitations.length ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('enterprise.openInvitations')}
          </Typography.Title>
          <Space direction="vertical" style={{ width: '100%' }} data-testid="invitations">
            {members.data.invitations.map((i) => (
              <Flex key={i.id} gap={12} align="center" wrap>
                <span>{i.email}</span>
                <Typography.Text type="secondary">
                  {t('enterprise.validUntil', { date: formatDate(i.expiresAt) })}
                </Typography.Text>
                <Button size="small" onClick={() => cancel.mutate({ id: i.id }, { onError })}>
                  {t('enterprise.withdraw')}
                </Button>
              </Flex>
            ))}
          </Space>
        </div>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <ResponsiveTable<TCompanyMember>
          rowKey="userId"
          loading={members.isPending}
          rows={members.data?.rows ?? []}
          label={t('enterprise.members')}
          testId="members-table"
          columns={[
            { title: t('enterprise.memberName'), dataIndex: 'name' },
            { title: t('enterprise.memberEmail'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
            {
              title: t('enterprise.role'),
              dataIndex: 'role',
              render: (r: TCompanyMember['role']) => t(`enterprise.role_${r}`),
            },
            { title: t('enterprise.joined'), dataIndex: 'joinedAt', render: (v: string) => formatDate(v) },
            {
              title: t('enterprise.memberSeats'),
              key: 'seats',
              render: (_: unknown, m: TCompanyMember) => <SeatCell member={m} company={company} />,
            },
            {
              title: t('enterprise.actions'),
              key: 'actions',
              render: (_: unknown, m: TCompanyMember) =>
                m.role === 'owner' ? null : (
                  <Popconfirm
                    title={t('enterprise.removeConfirm', { name: m.name })}
                    okText={t('enterprise.remove')}
                    cancelText={t('enterprise.cancel')}
                    onConfirm={() =>
                      remove
                        .mutateAsync({ userId: m.userId })
                        .then(() => void message.success(t('enterprise.removed')), onError)
                    }
                  >
                    <Button size="small" danger data-testid={`remove-${m.userId}`}>
                      {t('enterprise.remove')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
