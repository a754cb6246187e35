/**
 * One coupon campaign (sales): its rules and counts; Issue to members (account ids, e-mails or
 * mobile numbers, one a line), Add public codes (a chosen code or random ones), End campaign,
 * each with a reason; the members it was issued to, its public codes and its uses with their orders.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { MAX_COUPON_RECIPIENTS, MAX_PUBLIC_CODES, type TCampaignDetail } from '@ac/protocol/console/coupon-shapes';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ScrollRegion } from '@/components/scroll-region';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { CampaignStateTag, campaignOff } from '../components/campaign-fields';
import { useErrorText } from '../components/error-text';
import { dateTime, money } from '../components/format';
import { useMay } from '../components/staff-context';

type Campaign = TCampaignDetail['campaign'];

/** The lines of the recipients box: one entry a line (commas and semicolons split too). */
const entriesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function IssueAction({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const issue = useConsoleMutation(consoleCalls.coupons.issue);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('campaignIssue')}
      </Button>
      <ActionDialog<{ recipients: string }>
        title={t('campaignIssueTitle', { name: campaign.name })}
        open={open}
        pending={issue.isPending}
        error={issue.error}
        onCancel={() => {
          setOpen(false);
          issue.reset();
        }}
        onSubmit={({ recipients, reason }) =>
          issue.mutate(
            { campaignId: campaign.id, recipients: entriesOf(recipients), reason },
            {
              onSuccess: (r) => {
                setOpen(false);
                void message.success(t('campaignIssuedDone', { added: r.added, already: r.already }));
              },
            },
          )
        }
      >
        <Form.Item
          name="recipients"
          label={t('campaignRecipients')}
          extra={t('campaignRecipientsHint', { max: MAX_COUPON_RECIPIENTS })}
          rules={[
            { required: true, whitespace: true },
            {
              validator: (_, v: string | undefined) =>
                entriesOf(v ?? '').length > MAX_COUPON_RECIPIENTS
                  ? Promise.reject(new Error(t('campaignRecipientsTooMany', { max: MAX_COUPON_RECIPIENTS })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea rows={6} />
        </Form.Item>
      </ActionDialog>
    </>
  );
}

function CodesAction({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const add = useConsoleMutation(consoleCalls.coupons.addCodes);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('campaignAddCodes')}</Button>
      <ActionDialog<{ code?: string; count?: number | null }>
        title={t('campaignAddCodesTitle', { name: campaign.name })}
        open={open}
        pending={add.isPending}
        error={add.error}
        onCancel={() => {
          setOpen(false);
          add.reset();
        }}
        onSubmit={({ code, count, reason }) =>
          add.mutate(
            { campaignId: campaign.id, ...(code?.trim() ? { code: code.trim() } : { count: count ?? 1 }), reason },
            {
              onSuccess: (r) => {
                setOpen(false);
                void message.success(t('campaignCodesAdded', { count: r.codes.length }));
              },
            },
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('campaignAddCodesHint')}</Typography.Paragraph>
        <Space size="large" wrap>
          <Form.Item
            name="code"
            label={t('campaignCode')}
            rules={[{ pattern: /^[A-Za-z0-9\s-]{3,40}$/, message: t('campaignCodeRule') }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="count" label={t('campaignCodeCount')}>
            <InputNumber min={1} max={MAX_PUBLIC_CODES} precision={0} />
          </Form.Item>
        </Space>
      </ActionDialog>
    </>
  );
}

function EndAction({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const end = useConsoleMutation(consoleCalls.coupons.end);
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {t('campaignEnd')}
      </Button>
      <ActionDialog<object>
        title={t('campaignEndTitle', { name: campaign.name })}
        danger
        open={open}
        pending={end.isPending}
        error={end.error}
        onCancel={() => {
          setOpen(false);
          end.reset();
        }}
        onSubmit={({ reason }) =>
          end.mutate(
            { campaignId: campaign.id, reason },
            {
              onSuccess: () => {
                setOpen(false);
                void message.success(t('campaignEnded'));
              },
            },
          )
        }
      >
        <Typography.Paragraph>{t('campaignEndHint')}</Typography.Paragraph>
      </ActionDialog>
    </>
  );
}

export function CouponCampaignPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { campaignId = '' } = useParams();
  const detail = useConsoleCall(consoleCalls.coupons.detail, { campaignId });
  const mayManage = useMay('coupons.manage');
  const mayUsers = useMay('users.read');
  const mayOrders = useMay('orders.read');
  if (detail.error) return <Alert type="error" showIcon title={errorText(detail.error)} />;
  if (!detail.data) return <Spin />;
  const { campaign: c, issuedCode, publicCodes, recipients, uses } = detail.data;
  const member = (userId: string | null, text: string | null) =>
    userId && mayUsers ? <Link to={`/users/${userId}`}>{text ?? userId}</Link> : (text ?? userId ?? '—');
  return (
    <>
      <Link to="/coupons">{t('campaignsBack')}</Link>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {c.name}
        </Typography.Title>
        {mayManage && c.state !== 'ended' ? (
          <Space>
            <IssueAction campaign={c} />
            <CodesAction campaign={c} />
            <EndAction campaign={c} />
          </Space>
        ) : null}
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('campaignState')}>
            <CampaignStateTag state={c.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignOff')}>{campaignOff(c)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignRegion')}>{t(`region_${c.region}`)}</Descriptions.Item>
          <Descriptions.Item label={t('campaignGoods')}>
            {c.goodsCodes ? c.goodsCodes.join(', ') : t('campaignAllGoods')}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignValidity')}>
            {dateTime(c.validFrom)} – {dateTime(c.validTo)}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignMinimumShort')}>
            {c.minCharge.amount ? money(c.minCharge.amount, c.minCharge.currency) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignLimits')}>
            {t('campaignLimitsValue', { perUser: c.perUserLimit, total: c.totalLimit ?? '∞' })}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignUsage')}>
            {t('campaignUsageValue', { issued: c.issued, redeemed: c.redeemed, codes: c.publicCodes })}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignIssuedCode')}>
            {issuedCode ? (
              <Typography.Text copyable={{ text: issuedCode }}>
                <span data-testid="campaign-issued-code">{issuedCode}</span>
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaignCreatedBy')}>
            {c.createdBy} · {dateTime(c.createdAt)}
          </Descriptions.Item>
          {c.endedAt ? <Descriptions.Item label={t('campaignEndedAt')}>{dateTime(c.endedAt)}</Descriptions.Item> : null}
        </Descriptions>
      </Card>

      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('campaignUses')}
      </Typography.Title>
      <ScrollRegion label={t('campaignUses')} testId="campaign-uses">
        <Table<TCampaignDetail['uses'][number]>
          rowKey={(u) => `${u.orderNo}-${u.at}`}
          size="small"
          pagination={false}
          dataSource={uses}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('campaignNoUses') }}
          columns={[
            { title: t('campaignAt'), dataIndex: 'at', width: 150, render: dateTime },
            { title: t('colEmail'), key: 'who', width: 260, render: (_, u) => member(u.userId, u.email) },
            {
              title: t('colOrderNo'),
              dataIndex: 'orderNo',
              width: 220,
              render: (no: string) => (mayOrders ? <Link to={`/orders/${no}`}>{no}</Link> : no),
            },
            { title: t('campaignCode'), dataIndex: 'code', width: 160 },
            {
              title: t('campaignDiscount'),
              key: 'discount',
              width: 110,
              align: 'right',
              render: (_, u) => money(u.discount.amount, u.discount.currency),
            },
            {
              title: t('campaignReleased'),
              dataIndex: 'releasedAt',
              width: 150,
              render: (v: string | null) => (v ? dateTime(v) : '—'),
            },
          ]}
        />
      </ScrollRegion>

      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('campaignRecipientsTitle')}
      </Typography.Title>
      <ScrollRegion label={t('campaignRecipientsTitle')} testId="campaign-recipients">
        <Table<TCampaignDetail['recipients'][number]>
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={recipients}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('campaignNoRecipients') }}
          columns={[
            { title: t('colEmail'), key: 'email', width: 260, render: (_, r) => member(r.userId, r.email) },
            { title: t('campaignMobile'), dataIndex: 'mobile', width: 180, render: (v: string | null) => v ?? '—' },
            { title: t('campaignIssuedAt'), dataIndex: 'issuedAt', width: 150, render: dateTime },
          ]}
        />
      </ScrollRegion>

      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('campaignPublicCodes')}
      </Typography.Title>
      <ScrollRegion label={t('campaignPublicCodes')} testId="campaign-codes">
        <Table<TCampaignDetail['publicCodes'][number]>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={publicCodes}
          scroll={{ x: 520 }}
          locale={{ emptyText: t('campaignNoCodes') }}
          columns={[
            { title: t('campaignCode'), dataIndex: 'code', width: 220 },
            { title: t('campaignCodeUses'), dataIndex: 'uses', width: 100, align: 'right' },
            { title: t('campaignIssuedAt'), dataIndex: 'createdAt', width: 150, render: dateTime },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
