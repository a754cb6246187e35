/**
 * Coupon campaigns (sales): the campaigns, newest first, with their state and how many coupons were
 * issued and redeemed; New campaign (name, region, amount or percent off, goods, validity, per-user
 * and total limits, minimum charge, a reason) opens the new campaign.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TCampaign } from '@ac/protocol/console/coupon-shapes';
import { Alert, Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import {
  CampaignFields,
  type CampaignForm,
  CampaignStateTag,
  campaignOff,
  campaignRequest,
} from '../components/campaign-fields';
import { useErrorText } from '../components/error-text';
import { date, money } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay } from '../components/staff-context';
import { consoleConfig } from '../console-config';

function CreateCampaign() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const create = useConsoleMutation(consoleCalls.coupons.create);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('campaignCreate')}
      </Button>
      <ActionDialog<CampaignForm>
        title={t('campaignCreate')}
        open={open}
        initialValues={{
          region: consoleConfig.region,
          kind: 'amount',
          perUserLimit: 1,
          validity: [dayjs(), dayjs().add(30, 'day')],
        }}
        pending={create.isPending}
        error={create.error}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
        onSubmit={(v) =>
          create.mutate(campaignRequest(v), {
            onSuccess: (r) => {
              setOpen(false);
              void navigate(`/coupons/${r.campaign.id}`);
            },
          })
        }
      >
        <CampaignFields />
      </ActionDialog>
    </>
  );
}

export function CouponsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [pageNo, setPageNo] = useState(1);
  const list = useConsoleCall(consoleCalls.coupons.campaigns, { pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const mayManage = useMay('coupons.manage');
  const columns = [
    {
      title: t('campaignName'),
      dataIndex: 'name',
      width: 220,
      ellipsis: true,
      render: (name: string, c: TCampaign) => <Link to={`/coupons/${c.id}`}>{name}</Link>,
    },
    {
      title: t('campaignState'),
      dataIndex: 'state',
      width: 110,
      render: (s: TCampaign['state']) => <CampaignStateTag state={s} />,
    },
    { title: t('campaignRegion'), dataIndex: 'region', width: 110, render: (r: string) => t(`region_${r}`) },
    {
      title: t('campaignOff'),
      key: 'off',
      width: 110,
      align: 'right' as const,
      render: (_: unknown, c: TCampaign) => campaignOff(c),
    },
    {
      title: t('campaignGoods'),
      dataIndex: 'goodsCodes',
      width: 160,
      ellipsis: true,
      render: (g: string[] | null) => (g ? g.join(', ') : t('campaignAllGoods')),
    },
    {
      title: t('campaignValidity'),
      key: 'validity',
      width: 200,
      // validTo is exclusive: the last day is the one before it
      render: (_: unknown, c: TCampaign) =>
        `${date(c.validFrom)} – ${date(new Date(Date.parse(c.validTo) - 1).toISOString())}`,
    },
    {
      title: t('campaignMinimumShort'),
      key: 'min',
      width: 120,
      align: 'right' as const,
      render: (_: unknown, c: TCampaign) =>
        c.minCharge.amount ? money(c.minCharge.amount, c.minCharge.currency) : '—',
    },
    {
      title: t('campaignLimits'),
      key: 'limits',
      width: 150,
      render: (_: unknown, c: TCampaign) =>
        t('campaignLimitsValue', { perUser: c.perUserLimit, total: c.totalLimit ?? '∞' }),
    },
    { title: t('campaignIssued'), dataIndex: 'issued', width: 110, align: 'right' as const },
    { title: t('campaignRedeemed'), dataIndex: 'redeemed', width: 110, align: 'right' as const },
    { title: t('campaignCreatedBy'), dataIndex: 'createdBy', width: 220, ellipsis: true },
  ];
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {t('couponsTitle')}
        </Typography.Title>
        {mayManage ? <CreateCampaign /> : null}
      </Space>
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} /> : null}
      <PagedTable<TCampaign>
        label={t('couponsTitle')}
        testId="campaigns-table"
        rowKey="id"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1590}
        pageNo={pageNo}
        onPage={setPageNo}
      />
    </>
  );
}
