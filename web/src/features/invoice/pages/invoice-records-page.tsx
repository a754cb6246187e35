/**
 * /invoice/record: my invoices with their status; pending ones move on by themselves (the list polls).
 * A failed or voided invoice offers to apply again until it has been (docs/decisions/0010-invoices.md).
 */
import { calls } from '@ac/protocol/calls';
import { INVOICE_STATUSES, type TInvoiceStatus } from '@ac/protocol/enums';
import type { TInvoiceRow } from '@ac/protocol/invoice';
import { Card, Flex, Select, Space, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { invoicePdfUrl, pollWhilePending } from '../api/poll-invoices';
import { InvoiceStatusTag, invoiceStatusKey } from '../components/invoice-status-tag';

const detailHref = (no: string) => `${paths.invoiceDetail.path}?no=${encodeURIComponent(no)}`;

function columns(t: TFunction, language: string): TableColumnsType<TInvoiceRow> {
  return [
    {
      title: t('invoice.invoiceNo'),
      key: 'invoiceNo',
      width: 210,
      render: (_, row) => (
        <Flex vertical>
          <Link to={detailHref(row.invoiceNo)}>{row.invoiceNo}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(row.appliedAt)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('invoice.status'), key: 'status', render: (_, row) => <InvoiceStatusTag status={row.status} /> },
    {
      title: t('invoice.amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => formatMoney(row.amount, language),
    },
    { title: t('invoice.titleName'), dataIndex: 'titleName', key: 'titleName' },
    {
      title: t('invoice.type'),
      key: 'type',
      render: (_, row) => (row.type === 'specialVat' ? t('invoice.typeSpecialVat') : t('invoice.typeOrdinary')),
    },
    { title: t('invoice.orderCount'), dataIndex: 'orderCount', key: 'orderCount', align: 'right' },
    {
      title: t('invoice.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          <Link to={detailHref(row.invoiceNo)}>{t('invoice.viewDetail')}</Link>
          {row.status === 'invoiced' ? (
            <a href={invoicePdfUrl(row.invoiceNo)} download>
              {t('invoice.downloadPdf')}
            </a>
          ) : null}
          {(row.status === 'failed' || row.status === 'voided') && !row.reissuedBy ? (
            <Link to={`${paths.invoiceReCreate.path}?no=${encodeURIComponent(row.invoiceNo)}`}>
              {t('invoice.reapply')}
            </Link>
          ) : null}
        </Space>
      ),
    },
  ];
}

export function InvoiceRecordsPage() {
  const { t, i18n } = useTranslation('invoice');
  const [status, setStatus] = useState<TInvoiceStatus | undefined>();
  return (
    <>
      <PageHeader
        title={t('invoice.recordTitle')}
        description={t('invoice.recordDescription')}
        extra={
          <Select<TInvoiceStatus | 'all'>
            aria-label={t('invoice.statusFilter')}
            style={{ minWidth: 160 }}
            value={status ?? 'all'}
            onChange={(v) => setStatus(v === 'all' ? undefined : v)}
            options={[
              { value: 'all', label: t('invoice.allStatuses') },
              ...INVOICE_STATUSES.filter((s) => s !== 'notInvoiced').map((s) => ({
                value: s,
                label: t(invoiceStatusKey(s)),
              })),
            ]}
          />
        }
      />
      <Card>
        <PagedTable
          call={calls.invoice.records}
          filter={{ status }}
          refetchInterval={pollWhilePending}
          columns={columns(t, i18n.language)}
          rowKey="invoiceNo"
          label={t('invoice.recordTitle')}
          testId="invoice-records-table"
          emptyText={t('invoice.recordsEmpty')}
          scrollX={1100}
        />
      </Card>
    </>
  );
}
