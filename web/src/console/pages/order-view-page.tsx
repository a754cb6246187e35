/**
 * One order (finance): what it is, every payment started, every notification and answer of its
 * gateway, its refunds; Refund (through the gateway, with a reason and a fresh second factor) and
 * Reconcile (for a payment not confirmed), each shown only to a role that may do it.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TConsoleOrderDetail } from '@ac/protocol/console/finance-shapes';
import { Alert, App, Button, Card, Descriptions, Form, InputNumber, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ScrollRegion } from '@/components/scroll-region';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { EmptyText } from '../components/empty-text';
import { useErrorText } from '../components/error-text';
import { dateTime, money } from '../components/format';
import { OrderStatusTag } from '../components/order-status';
import { useMay } from '../components/staff-context';

type Detail = TConsoleOrderDetail;

function RefundAction({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const refund = useConsoleMutation(consoleCalls.orders.refund);
  const o = detail.order;
  return (
    <>
      <Button danger type="primary" onClick={() => setOpen(true)}>
        {t('refund')}
      </Button>
      <ActionDialog<{ amount?: number | null }>
        title={t('refundTitle', { orderNo: o.orderNo })}
        danger
        secondFactor
        open={open}
        pending={refund.isPending}
        error={refund.error}
        onCancel={() => {
          setOpen(false);
          refund.reset();
        }}
        onSubmit={({ amount, reason, secondFactorCode }) =>
          refund.mutate(
            {
              orderNo: o.orderNo,
              reason,
              secondFactorCode: secondFactorCode || undefined,
              amount: typeof amount === 'number' ? Math.round(amount * 100) : undefined,
            },
            {
              onSuccess: (r) => {
                setOpen(false);
                void message.success(
                  r.kind === 'requested' ? t('refundRequested', { provider: r.provider }) : t('refundDone'),
                );
              },
            },
          )
        }
      >
        <Typography.Paragraph>
          {t(detail.refundThrough === 'gateway' ? 'refundThroughGateway' : 'refundRecorded', {
            provider: o.provider ? t(`provider_${o.provider}`) : '—',
          })}
        </Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('refundAmount', { currency: o.currency })}
          extra={t('refundAmountHint', { amount: money(detail.refundable, o.currency) })}
        >
          <InputNumber min={0.01} max={detail.refundable / 100} step={0.01} style={{ width: 200 }} />
        </Form.Item>
      </ActionDialog>
    </>
  );
}

function ReconcileAction({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reconcile = useConsoleMutation(consoleCalls.orders.reconcile);
  return (
    <Button
      loading={reconcile.isPending}
      onClick={() =>
        reconcile.mutate(
          { orderNo },
          {
            onSuccess: (r) => void message.info(t('reconciled', { outcome: t(`outcome_${r.outcome}`) })),
            onError: (e) => void message.error(errorText(e)),
          },
        )
      }
    >
      {t('reconcile')}
    </Button>
  );
}

export function OrderViewPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { orderNo = '' } = useParams();
  const detail = useConsoleCall(consoleCalls.orders.detail, { orderNo });
  const mayRefund = useMay('orders.refund');
  const mayReconcile = useMay('orders.reconcile');
  if (detail.isLoading) return <Spin />;
  if (detail.error || !detail.data) return <Alert type="error" showIcon title={errorText(detail.error)} />;
  const d = detail.data;
  const o = d.order;
  const canRefund = mayRefund && d.refundable > 0;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Link to="/orders">{t('backToOrders')}</Link>
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {t('orderTitle', { orderNo: o.orderNo })} <OrderStatusTag status={o.status} />
        </Typography.Title>
        <Space wrap>
          {canRefund ? <RefundAction detail={d} /> : null}
          {mayReconcile && d.awaitingPayment ? <ReconcileAction orderNo={o.orderNo} /> : null}
        </Space>
      </Space>
      <Card title={t('orderSummary')} size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('colMember')}>
            {o.userId ? <Link to={`/users/${o.userId}`}>{o.userEmail ?? o.userMobile ?? o.userId}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('colGoods')}>{`${o.goodsName} (${o.goodsCode})`}</Descriptions.Item>
          <Descriptions.Item label={t('orderType')}>{o.orderType}</Descriptions.Item>
          <Descriptions.Item label={t('colCreated')}>{dateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('colPayTime')}>{dateTime(o.payTime)}</Descriptions.Item>
          <Descriptions.Item label={t('colGateway')}>
            {o.provider ? t(`provider_${o.provider}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orderAmount')}>{money(o.orderAmount, o.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('discount')}>
            {o.discountAmount ? `${money(o.discountAmount, o.currency)} (${o.couponCode ?? ''})` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('colPaid')}>{money(o.payAmount, o.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('colRefunded')}>{money(o.refundAmount, o.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('refundable')}>{money(d.refundable, o.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('colEnd')}>{dateTime(o.endDate)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('paymentEvents')} size="small">
        <ScrollRegion label={t('paymentEvents')} testId="payment-events">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: <EmptyText>{t('empty')}</EmptyText> }}
            dataSource={d.events}
            columns={[
              { title: t('colTime'), dataIndex: 'receivedAt', render: dateTime, width: 150 },
              { title: t('colGateway'), dataIndex: 'provider', render: (p: string) => t(`provider_${p}`), width: 110 },
              { title: t('via'), dataIndex: 'via', render: (v: string) => t(`via_${v}`), width: 120 },
              { title: t('tradeNo'), dataIndex: 'tradeNo', ellipsis: true, width: 240 },
              {
                title: t('amount'),
                key: 'amount',
                align: 'right',
                width: 120,
                render: (_, e) => money(e.amount, e.currency),
              },
              { title: t('outcome'), dataIndex: 'outcome', render: (v: string) => t(`outcome_${v}`), width: 150 },
            ]}
          />
        </ScrollRegion>
      </Card>
      <Card title={t('paymentAttempts')} size="small">
        <ScrollRegion label={t('paymentAttempts')} testId="payment-attempts">
          <Table
            rowKey={(a) => `${a.createdAt}-${a.provider}`}
            size="small"
            pagination={false}
            scroll={{ x: 700 }}
            locale={{ emptyText: <EmptyText>{t('empty')}</EmptyText> }}
            dataSource={d.attempts}
            columns={[
              { title: t('colTime'), dataIndex: 'createdAt', render: dateTime, width: 150 },
              { title: t('colGateway'), dataIndex: 'provider', render: (p: string) => t(`provider_${p}`), width: 110 },
              {
                title: t('filterPayMethod'),
                dataIndex: 'payMethod',
                render: (m: number) => t(`payMethod_${m}`),
                width: 120,
              },
              {
                title: t('amount'),
                key: 'amount',
                align: 'right',
                width: 120,
                render: (_, a) => money(a.amount, a.currency),
              },
              { title: t('gatewayRef'), dataIndex: 'gatewayRef', ellipsis: true },
            ]}
          />
        </ScrollRegion>
      </Card>
      <Card title={t('refunds')} size="small">
        <ScrollRegion label={t('refunds')} testId="refund-requests">
          <Table
            rowKey="refundNo"
            size="small"
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: <EmptyText>{t('noGatewayRefunds')}</EmptyText> }}
            dataSource={d.refunds}
            columns={[
              { title: t('refundNo'), dataIndex: 'refundNo', width: 230 },
              { title: t('colTime'), dataIndex: 'createdAt', render: dateTime, width: 150 },
              {
                title: t('amount'),
                key: 'amount',
                align: 'right',
                width: 120,
                render: (_, r) => money(r.amount, r.currency),
              },
              {
                title: t('colStatus'),
                dataIndex: 'state',
                width: 120,
                render: (s: string) => (
                  <StatusTag tone={s === 'succeeded' ? 'success' : s === 'failed' ? 'error' : 'warning'}>
                    {t(`refundState_${s}`)}
                  </StatusTag>
                ),
              },
              { title: t('settled'), dataIndex: 'settledAt', render: dateTime, width: 150 },
              { title: t('failure'), dataIndex: 'failure', ellipsis: true },
            ]}
          />
        </ScrollRegion>
      </Card>
    </Space>
  );
}
