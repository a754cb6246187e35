/**
 * Orders (finance): filters kept in the address (so "payment not confirmed" is a link), a page of
 * orders from the server, each leading to its detail.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TConsoleOrder, TOrderFilter } from '@ac/protocol/console/finance-shapes';
import { CURRENCIES, ORDER_STATUSES, orderStatusName, PAY_METHODS, PAYMENT_PROVIDERS } from '@ac/protocol/enums';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConsoleCall } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { dateTime, money } from '../components/format';
import { OrderStatusTag } from '../components/order-status';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';

type FormValues = {
  status?: number;
  payMethod?: number;
  provider?: string;
  currency?: string;
  period?: [Dayjs, Dayjs] | null;
  amountMin?: number | null;
  amountMax?: number | null;
  user?: string;
  orderNo?: string;
};

const num = (v: string | null) => (v === null || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));
const text = (v: string | null) => v || undefined;

/** The filter the address holds (amounts there in minor units). */
function filterOf(q: URLSearchParams): TOrderFilter {
  return {
    status: num(q.get('status')) as TOrderFilter['status'],
    payMethod: num(q.get('payMethod')) as TOrderFilter['payMethod'],
    provider: text(q.get('provider')) as TOrderFilter['provider'],
    currency: text(q.get('currency')) as TOrderFilter['currency'],
    from: text(q.get('from')),
    to: text(q.get('to')),
    amountMin: num(q.get('amountMin')),
    amountMax: num(q.get('amountMax')),
    user: text(q.get('user')),
    orderNo: text(q.get('orderNo')),
  };
}

export function OrdersPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const pageNo = num(params.get('page')) ?? 1;
  const list = useConsoleCall(consoleCalls.orders.search, { ...filter, pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const [form] = Form.useForm<FormValues>();

  const columns: ColumnsType<TConsoleOrder> = [
    {
      title: t('colOrderNo'),
      dataIndex: 'orderNo',
      width: 210,
      render: (no: string) => <Link to={`/orders/${encodeURIComponent(no)}`}>{no}</Link>,
    },
    { title: t('colCreated'), dataIndex: 'createdAt', render: dateTime, width: 150 },
    {
      title: t('colMember'),
      key: 'member',
      width: 230,
      ellipsis: true,
      render: (_, o) =>
        o.userId ? <Link to={`/users/${o.userId}`}>{o.userEmail ?? o.userMobile ?? o.userId}</Link> : '—',
    },
    { title: t('colGoods'), dataIndex: 'goodsName', width: 160, ellipsis: true },
    { title: t('colStatus'), dataIndex: 'status', width: 130, render: (s: number) => <OrderStatusTag status={s} /> },
    {
      title: t('colPaid'),
      key: 'paid',
      width: 120,
      align: 'right',
      render: (_, o) => money(o.payAmount, o.currency),
    },
    {
      title: t('colRefunded'),
      key: 'refunded',
      width: 120,
      align: 'right',
      render: (_, o) => (o.refundAmount ? money(o.refundAmount, o.currency) : '—'),
    },
    {
      title: t('colGateway'),
      key: 'provider',
      width: 110,
      render: (_, o) => (o.provider ? t(`provider_${o.provider}`) : '—'),
    },
    { title: t('colPayTime'), dataIndex: 'payTime', render: dateTime, width: 150 },
  ];

  const apply = (v: FormValues) => {
    const next = new URLSearchParams();
    const set = (k: string, value: string | number | undefined | null) => {
      if (value !== undefined && value !== null && value !== '') next.set(k, String(value));
    };
    set('status', v.status);
    set('payMethod', v.payMethod);
    set('provider', v.provider);
    set('currency', v.currency);
    set('from', v.period?.[0]?.startOf('day').toISOString());
    set('to', v.period?.[1]?.add(1, 'day').startOf('day').toISOString());
    set('amountMin', typeof v.amountMin === 'number' ? Math.round(v.amountMin * 100) : undefined);
    set('amountMax', typeof v.amountMax === 'number' ? Math.round(v.amountMax * 100) : undefined);
    set('user', v.user?.trim());
    set('orderNo', v.orderNo?.trim());
    setParams(next);
  };
  const initial: FormValues = {
    ...filter,
    period: filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to).subtract(1, 'day')] : null,
    amountMin: filter.amountMin === undefined ? null : filter.amountMin / 100,
    amountMax: filter.amountMax === undefined ? null : filter.amountMax / 100,
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {filter.status === 6 ? t('unconfirmedTitle') : t('ordersTitle')}
      </Typography.Title>
      {filter.status === 6 ? (
        <Typography.Paragraph type="secondary">{t('unconfirmedHint')}</Typography.Paragraph>
      ) : null}
      <Form<FormValues>
        form={form}
        key={params.toString()}
        initialValues={initial}
        layout="inline"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="user" label={t('filterMember')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('filterMemberHint')} />
        </Form.Item>
        <Form.Item name="orderNo" label={t('colOrderNo')}>
          <Input allowClear style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="status" label={t('colStatus')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus_${orderStatusName[s]}`) }))}
          />
        </Form.Item>
        <Form.Item name="payMethod" label={t('filterPayMethod')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={PAY_METHODS.map((m) => ({ value: m, label: t(`payMethod_${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="provider" label={t('colGateway')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`provider_${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="currency" label={t('filterCurrency')}>
          <Select allowClear style={{ width: 100 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="period" label={t('filterPeriod')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item label={t('filterAmount')}>
          <Space.Compact>
            <Form.Item name="amountMin" noStyle>
              <InputNumber min={0} step={0.01} placeholder={t('min')} aria-label={t('filterAmountMin')} />
            </Form.Item>
            <Form.Item name="amountMax" noStyle>
              <InputNumber min={0} step={0.01} placeholder={t('max')} aria-label={t('filterAmountMax')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('filter')}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{t('reset')}</Button>
        </Space>
      </Form>
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <PagedTable<TConsoleOrder>
        label={t('ordersTitle')}
        testId="orders-table"
        rowKey="orderNo"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1400}
        pageNo={pageNo}
        onPage={(page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next);
        }}
      />
    </>
  );
}
