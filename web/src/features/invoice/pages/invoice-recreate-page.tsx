/** /invoice/reCreate?no=: apply again for a failed or voided invoice — the same orders, corrected details. */
import { calls } from '@ac/protocol/calls';
import { Card, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { formatMoney } from '@/lib/format/money';
import { APPLICATION_CHANGES, useInvoiceDetail } from '../api/poll-invoices';
import { ApplicationForm } from '../components/application-form';

export function InvoiceReCreatePage() {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invoiceNo = search.get('no') ?? '';
  const old = useInvoiceDetail(invoiceNo);
  const titles = useCall(calls.invoice.titles, {});
  const reCreate = useCallMutation(calls.invoice.reCreate, { invalidates: APPLICATION_CHANGES });
  const invoice = old.data;
  return (
    <>
      <PageHeader title={t('invoice.reCreateTitle')} description={t('invoice.reCreateDescription')} />
      <Card>
        <QueryErrorAlert query={old} />
        {!invoiceNo ? <Empty description={t('invoice.noInvoice')} /> : null}
        {invoiceNo && (old.isPending || titles.isPending) ? <Spin /> : null}
        {invoice && !titles.isPending ? (
          <>
            <Typography.Paragraph>
              {t('invoice.reapplyFor', {
                invoiceNo: invoice.invoiceNo,
                count: invoice.orderCount,
                amount: formatMoney(invoice.amount, i18n.language),
              })}
            </Typography.Paragraph>
            <ApplicationForm
              titles={titles.data?.rows ?? []}
              initial={{ ...invoice.title, type: invoice.type, email: invoice.email }}
              submitLabel={t('invoice.submit')}
              pending={reCreate.isPending}
              error={reCreate.error}
              onSubmit={(application) =>
                reCreate.mutate(
                  { ...application, invoiceNo: invoice.invoiceNo },
                  {
                    onSuccess: (created) =>
                      navigate(`${paths.invoiceDetail.path}?no=${encodeURIComponent(created.invoiceNo)}`),
                  },
                )
              }
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
