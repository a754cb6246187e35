/** /invoice/detail?no=: one invoice — title, orders, outcome, the PDF once issued, re-apply after failure or voiding. */
import type { TInvoiceDetail } from '@ac/protocol/invoice';
import { Alert, Button, Card, Descriptions, Empty, Flex, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { invoicePdfUrl, useInvoiceDetail } from '../api/poll-invoices';
import { InvoiceStatusTag } from '../components/invoice-status-tag';

const detailHref = (no: string) => `${paths.invoiceDetail.path}?no=${encodeURIComponent(no)}`;

function DetailBody({ invoice }: { invoice: TInvoiceDetail }) {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
  const ti = invoice.title;
  const reapplicable = (invoice.status === 'failed' || invoice.status === 'voided') && !invoice.reissuedBy;
  return (
    <>
      {invoice.status === 'failed' && invoice.failReason ? (
        <Alert
          type="error"
          showIcon
          title={t('invoice.failedBecause', { reason: invoice.failReason })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="invoice-detail">
        <Descriptions.Item label={t('invoice.status')}>
          <InvoiceStatusTag status={invoice.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('invoice.invoiceNo')}>{invoice.invoiceNo}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.fiscalNo')}>{invoice.fiscalNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.type')}>
          {invoice.type === 'specialVat' ? t('invoice.typeSpecialVat') : t('invoice.typeOrdinary')}
        </Descriptions.Item>
        <Descriptions.Item label={t('invoice.titleName')}>{ti.name}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.titleKind')}>
          {ti.kind === 'company' ? t('invoice.kindCompany') : t('invoice.kindPersonal')}
        </Descriptions.Item>
        {ti.kind === 'company' ? (
          <>
            <Descriptions.Item label={t('invoice.taxNo')}>{ti.taxNo}</Descriptions.Item>
            <Descriptions.Item label={t('invoice.address')}>{ti.address || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('invoice.phone')}>{ti.phone || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('invoice.bankName')}>{ti.bankName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('invoice.bankAccount')}>{ti.bankAccount || '—'}</Descriptions.Item>
          </>
        ) : null}
        <Descriptions.Item label={t('invoice.email')}>{invoice.email}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.amount')}>{formatMoney(invoice.amount, i18n.language)}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.appliedAt')}>{formatDateTime(invoice.appliedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.issuedAt')}>{formatDateTime(invoice.issuedAt)}</Descriptions.Item>
        {invoice.reissueOf ? (
          <Descriptions.Item label={t('invoice.reissueOf')}>
            <Link to={detailHref(invoice.reissueOf)}>{invoice.reissueOf}</Link>
          </Descriptions.Item>
        ) : null}
        {invoice.reissuedBy ? (
          <Descriptions.Item label={t('invoice.reissuedBy')}>
            <Link to={detailHref(invoice.reissuedBy)}>{invoice.reissuedBy}</Link>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table
        rowKey="orderNo"
        style={{ marginTop: 16 }}
        dataSource={invoice.orders}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          { title: t('invoice.orderNo'), dataIndex: 'orderNo', key: 'orderNo' },
          { title: t('invoice.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
          { title: t('invoice.payTime'), key: 'payTime', render: (_, row) => formatDateTime(row.payTime) },
          {
            title: t('invoice.amount'),
            key: 'amount',
            align: 'right',
            render: (_, row) => formatMoney(row.amount, i18n.language),
          },
        ]}
      />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        {invoice.pdfReady ? (
          <Button type="primary" href={invoicePdfUrl(invoice.invoiceNo)} download>
            {t('invoice.downloadPdf')}
          </Button>
        ) : null}
        {reapplicable ? (
          <Button
            type="primary"
            onClick={() => navigate(`${paths.invoiceReCreate.path}?no=${encodeURIComponent(invoice.invoiceNo)}`)}
          >
            {t('invoice.reapply')}
          </Button>
        ) : null}
        <Button onClick={() => navigate(paths.invoiceRecord.path)}>{t('invoice.backToRecords')}</Button>
      </Flex>
    </>
  );
}

export function InvoiceDetailPage() {
  const { t } = useTranslation('invoice');
  const [search] = useSearchParams();
  const invoiceNo = search.get('no') ?? '';
  const detail = useInvoiceDetail(invoiceNo);
  return (
    <>
      <PageHeader title={t('invoice.detailTitle')} description={t('invoice.detailDescription')} />
      <Card>
        <QueryErrorAlert query={detail} />
        {!invoiceNo ? (
          <Empty description={t('invoice.noInvoice')} />
        ) : detail.data ? (
          <DetailBody invoice={detail.data} />
        ) : detail.isPending ? (
          <Spin />
        ) : null}
      </Card>
    </>
  );
}
