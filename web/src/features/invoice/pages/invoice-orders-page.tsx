/** /invoice/order: my paid orders; pick those not yet invoiced and go on to the selected orders. */
import { calls } from '@ac/protocol/calls';
import type { TInvoiceOrderRow } from '@ac/protocol/invoice';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrderTimeCell } from '@/components/order-time-cell';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ScrollRegion } from '@/components/scroll-region';
import { paths } from '@/config/paths';
import { useCall } from '@/lib/api/use-call';
import { formatMoney } from '@/lib/format/money';
import { type DraftOrder, draftTotal, useInvoiceDraft } from '../components/invoice-draft';
import { InvoiceStatusTag } from '../components/invoice-status-tag';

const PAGE_SIZE = 10;

export function InvoiceOrdersPage() {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
  const [pageNo, setPageNo] = useState(1);
  const orders = useCall(calls.invoice.orders, { pageNo, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const [draft, setDraft] = useInvoiceDraft();
  const selected = new Map(draft.orders.map((o) => [o.orderNo, o]));
  const total = draftTotal(draft.orders);

  const columns: TableColumnsType<TInvoiceOrderRow> = [
    {
      title: t('invoice.payTime'),
      key: 'payTime',
      width: 200,
      render: (_, row) => <OrderTimeCell time={row.payTime ?? ''} orderNo={row.orderNo} />,
    },
    { title: t('invoice.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    {
      title: t('invoice.amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => formatMoney(row.amount, i18n.language),
    },
    {
      title: t('invoice.invoiceStatus'),
      key: 'invoiceStatus',
      render: (_, row) =>
        row.invoiceNo ? (
          <Link to={`${paths.invoiceDetail.path}?no=${encodeURIComponent(row.invoiceNo)}`}>
            <InvoiceStatusTag status={row.invoiceStatus} />
          </Link>
        ) : (
          <InvoiceStatusTag status={row.invoiceStatus} />
        ),
    },
  ];

  const toDraft = (row: TInvoiceOrderRow): DraftOrder => ({
    orderNo: row.orderNo,
    goodsName: row.goodsName,
    amount: row.amount,
  });

  return (
    <>
      <PageHeader title={t('invoice.orderTitle')} description={t('invoice.orderDescription')} />
      <Card>
        <QueryErrorAlert query={orders} />
        <ScrollRegion label={t('invoice.orderTitle')} testId="invoice-orders-table">
          <Table<TInvoiceOrderRow>
            rowKey="orderNo"
            columns={columns}
            dataSource={orders.data?.rows}
            loading={orders.isFetching}
            scroll={{ x: 760 }}
            locale={{ emptyText: t('invoice.ordersEmpty') }}
            rowSelection={{
              selectedRowKeys: [...selected.keys()],
              preserveSelectedRowKeys: true,
              getCheckboxProps: (row) => ({
                disabled: row.invoiceStatus !== 'notInvoiced',
                'aria-label': t('invoice.selectOrder', { orderNo: row.orderNo }),
              }),
              onChange: (_keys, rows) => {
                const onPage = new Set((orders.data?.rows ?? []).map((r) => r.orderNo));
                const kept = draft.orders.filter((o) => !onPage.has(o.orderNo));
                setDraft({
                  orders: [
                    ...kept,
                    ...rows
                      .filter(Boolean)
                      .filter((r) => onPage.has(r.orderNo))
                      .map(toDraft),
                  ],
                });
              },
            }}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              total: orders.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPageNo,
            }}
          />
        </ScrollRegion>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 16 }}>
          <Typography.Text data-testid="invoice-selection">
            {t('invoice.selectedSummary', {
              count: draft.orders.length,
              amount: total ? formatMoney(total, i18n.language) : '—',
            })}
          </Typography.Text>
          <Button type="primary" disabled={draft.orders.length === 0} onClick={() => navigate(paths.invoiceBook.path)}>
            {t('invoice.next')}
          </Button>
        </Flex>
      </Card>
    </>
  );
}
