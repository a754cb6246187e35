/** The refund-due queue (finance): money to give back, each row leading to its order. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { REFUND_DUE_KINDS } from '@ac/protocol/console/finance-shapes';
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollRegion } from '@/components/scroll-region';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall } from '../api/console-api';
import { EmptyText } from '../components/empty-text';
import { useErrorText } from '../components/error-text';
import { dateTime, money } from '../components/format';

type Row = {
  orderNo: string;
  kind: (typeof REFUND_DUE_KINDS)[number];
  provider: string | null;
  tradeNo: string | null;
  amount: number;
  currency: string;
  at: string | null;
};

export function RefundDuePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const due = useConsoleCall(consoleCalls.orders.refundDue, {});
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('refundDueTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('refundDueHint')}</Typography.Paragraph>
      {due.error ? <Alert type="error" showIcon title={errorText(due.error)} /> : null}
      <ScrollRegion label={t('refundDueTitle')} testId="refund-due-table">
        <Table<Row>
          rowKey={(r) => `${r.kind}-${r.orderNo}-${r.tradeNo ?? ''}`}
          size="small"
          loading={due.isFetching}
          dataSource={due.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <EmptyText>{t('noRefundDue')}</EmptyText> }}
          columns={[
            {
              title: t('colOrderNo'),
              dataIndex: 'orderNo',
              width: 210,
              render: (no: string) => <Link to={`/orders/${encodeURIComponent(no)}`}>{no}</Link>,
            },
            {
              title: t('refundDueKind'),
              dataIndex: 'kind',
              width: 200,
              render: (k: string) => (
                <StatusTag tone={k === 'refundOpen' ? 'warning' : 'error'}>{t(`refundDue_${k}`)}</StatusTag>
              ),
            },
            {
              title: t('amount'),
              key: 'amount',
              align: 'right',
              width: 130,
              render: (_, r) => money(r.amount, r.currency),
            },
            {
              title: t('colGateway'),
              dataIndex: 'provider',
              width: 110,
              render: (p: string | null) => (p ? t(`provider_${p}`) : '—'),
            },
            { title: t('tradeNo'), dataIndex: 'tradeNo', ellipsis: true, width: 240 },
            { title: t('colTime'), dataIndex: 'at', render: dateTime, width: 150 },
          ]}
        />
      </ScrollRegion>
    </>
  );
}
