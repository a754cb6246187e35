/** /invoice/order: my paid orders; pick those not yet invoiced and go on to the selected orders. */
import { calls } from '@ac/protocol/calls';
import type { TInvoiceOrderRow } from '@ac/protocol/invoice';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrderTimeCell } from '@/components/order-time-cell';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { type DraftOrder, draftTotal, useInvoiceDraft } from '../components/invoice-draft';
import { InvoiceStatusTag } from '../components/invoice-status-tag';

export function InvoiceOrdersPage() {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
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
        <PagedTable
          call={calls.invoice.orders}
          columns={columns}
          rowKey="orderNo"
          label={t('invoice.orderTitle')}
          testId="invoice-orders-table"
          emptyText={t('invoice.ordersEmpty')}
          scrollX={760}
          rowSelection={(answer) => ({
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            getCheckboxProps: (row) => ({
              disabled: row.invoiceStatus !== 'notInvoiced',
              'aria-label': t('invoice.selectOrder', { orderNo: row.orderNo }),
            }),
            onChange: (_keys, rows) => {
              const onPage = new Set((answer?.rows ?? []).map((r) => r.orderNo));
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
          })}
        />
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
