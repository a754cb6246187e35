/**
 * Offers and prices (admin): the plans of the purchase page and the redeem-code offers, with their
 * price in the region's currency, paged; Set price (a positive amount, a reason), Take off sale and
 * Put on sale. Members see a change at their next call.
 */

import { MAX_OFFER_PRICE, OFFER_KINDS, type TConsoleOffer, type TOfferKind } from '@ac/protocol/console/admin-shapes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TGoodsCode } from '@ac/protocol/enums';
import { Alert, App, Button, Form, InputNumber, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { useErrorText } from '../components/error-text';
import { money } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay } from '../components/staff-context';

type Action = { offer: TConsoleOffer; what: 'price' | 'enable' | 'disable' } | null;
/** A row of the table: an offer and its key (kind, goods code, days). */
type Row = TConsoleOffer & { key: string };
const keyOf = (o: TConsoleOffer) => `${o.kind}:${o.goodsCode}:${o.durationDays}`;

export function OffersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = (OFFER_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as TOfferKind) : undefined;
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const list = useConsoleCall(consoleCalls.offers.list, { kind, pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const setPrice = useConsoleMutation(consoleCalls.offers.setPrice);
  const enable = useConsoleMutation(consoleCalls.offers.enable);
  const disable = useConsoleMutation(consoleCalls.offers.disable);
  const mayManage = useMay('offers.manage');
  const [action, setAction] = useState<Action>(null);
  const currency = list.data?.currency ?? '';
  const close = () => {
    setAction(null);
    setPrice.reset();
    enable.reset();
    disable.reset();
  };
  // an offer's goods code comes from the catalogue, whose codes are the protocol's
  const ref = (o: TConsoleOffer) => ({
    kind: o.kind,
    goodsCode: o.goodsCode as TGoodsCode,
    durationDays: o.durationDays,
  });
  const toggle = action?.what === 'enable' ? enable : disable;

  const columns: ColumnsType<Row> = [
    { title: t('offerKind'), dataIndex: 'kind', width: 130, render: (k: TOfferKind) => t(`offerKind_${k}`) },
    { title: t('goodsCode'), dataIndex: 'goodsCode', width: 90 },
    { title: t('offerName'), dataIndex: 'name' },
    { title: t('days'), dataIndex: 'durationDays', width: 80 },
    {
      title: t('offerPrice', { currency }),
      key: 'price',
      width: 140,
      render: (_, o) => money(o.price.amount, o.price.currency),
    },
    {
      title: t('offerQuantity'),
      key: 'quantity',
      width: 160,
      render: (_, o) =>
        o.kind === 'redeemCode' ? `${o.minQuantity}–${o.maxQuantity} · ${t(`offerBuyers_${o.buyers}`)}` : '—',
    },
    {
      title: t('colStatus'),
      dataIndex: 'active',
      width: 110,
      render: (on: boolean) => (
        <StatusTag tone={on ? 'success' : 'neutral'}>{t(on ? 'offerOnSale' : 'offerOffSale')}</StatusTag>
      ),
    },
    ...(mayManage
      ? [
          {
            title: t('colActions'),
            key: 'actions',
            width: 250,
            render: (_: unknown, o: TConsoleOffer) => (
              <Space>
                <Button
                  size="small"
                  aria-label={`${t('offerSetPrice')} ${keyOf(o)}`}
                  onClick={() => setAction({ offer: o, what: 'price' })}
                >
                  {t('offerSetPrice')}
                </Button>
                <Button
                  size="small"
                  danger={o.active}
                  aria-label={`${t(o.active ? 'offerDisable' : 'offerEnable')} ${keyOf(o)}`}
                  onClick={() => setAction({ offer: o, what: o.active ? 'disable' : 'enable' })}
                >
                  {t(o.active ? 'offerDisable' : 'offerEnable')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('navOffers')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('offersHint', { currency })}</Typography.Paragraph>
      <Segmented
        aria-label={t('offerKind')}
        value={kind ?? 'all'}
        options={[
          { value: 'all', label: t('offerKind_all') },
          ...OFFER_KINDS.map((k) => ({ value: k, label: t(`offerKind_${k}`) })),
        ]}
        onChange={(v) => setParams(v === 'all' ? {} : { kind: String(v) })}
        style={{ marginBottom: 12 }}
      />
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <PagedTable<Row>
        label={t('navOffers')}
        testId="offers"
        rowKey="key"
        columns={columns}
        page={list.data ? { ...list.data, rows: list.data.rows.map((o) => ({ ...o, key: keyOf(o) })) } : undefined}
        loading={list.isFetching}
        scrollX={1100}
        pageNo={pageNo}
        onPage={(page) => setParams({ ...(kind ? { kind } : {}), page: String(page) })}
      />
      <ActionDialog<{ amount: number }>
        title={action ? `${t('offerSetPrice')} · ${action.offer.goodsCode} · ${action.offer.name}` : ''}
        open={action?.what === 'price'}
        pending={setPrice.isPending}
        error={setPrice.error}
        initialValues={action ? { amount: action.offer.price.amount / 100 } : undefined}
        onCancel={close}
        onSubmit={({ amount, reason }) => {
          if (!action) return;
          setPrice.mutate(
            { ...ref(action.offer), currency: action.offer.price.currency, amount: Math.round(amount * 100), reason },
            {
              onSuccess: ({ offer }) => {
                close();
                void message.success(t('offerPriceSet', { price: money(offer.price.amount, offer.price.currency) }));
              },
            },
          );
        }}
      >
        <Form.Item
          name="amount"
          label={t('offerAmount', { currency })}
          extra={t('offerAmountHint')}
          rules={[{ required: true, type: 'number', min: 0.01, max: MAX_OFFER_PRICE / 100 }]}
        >
          <InputNumber min={0.01} max={MAX_OFFER_PRICE / 100} precision={2} step={1} style={{ width: 180 }} />
        </Form.Item>
      </ActionDialog>
      <ActionDialog<object>
        title={
          action
            ? `${t(action.what === 'enable' ? 'offerEnable' : 'offerDisable')} · ${action.offer.goodsCode} · ${action.offer.name}`
            : ''
        }
        danger={action?.what === 'disable'}
        open={action?.what === 'enable' || action?.what === 'disable'}
        pending={toggle.isPending}
        error={toggle.error}
        onCancel={close}
        onSubmit={({ reason }) => {
          if (!action) return;
          toggle.mutate(
            { ...ref(action.offer), reason },
            {
              onSuccess: ({ offer }) => {
                close();
                void message.success(t(offer.active ? 'offerEnabled' : 'offerDisabled'));
              },
            },
          );
        }}
      >
        <Typography.Paragraph>
          {t(action?.what === 'enable' ? 'offerEnableHint' : 'offerDisableHint')}
        </Typography.Paragraph>
      </ActionDialog>
    </>
  );
}
