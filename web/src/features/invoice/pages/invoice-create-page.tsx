/** /invoice/create: the application for the selected orders; the server sums them and answers the invoice. */
import { calls } from '@ac/protocol/calls';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { formatMoney } from '@/lib/format/money';
import { useCompanyInfo } from '@/lib/session/company-info';
import { getToken } from '@/lib/session/token';
import { useUserInfo } from '@/lib/session/user-info';
import { APPLICATION_CHANGES } from '../api/poll-invoices';
import { ApplicationForm, initialApplication } from '../components/application-form';
import { clearInvoiceDraft, draftTotal, useInvoiceDraft } from '../components/invoice-draft';

export function InvoiceCreatePage() {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
  const [draft, setDraft] = useInvoiceDraft();
  const titles = useCall(calls.invoice.titles, {});
  const user = useUserInfo();
  const company = useCompanyInfo();
  const create = useCallMutation(calls.invoice.create, { invalidates: APPLICATION_CHANGES });
  const total = draftTotal(draft.orders);

  // the current company header, kept with the token it was read for
  const companyName = company.data?.companyName;
  useEffect(() => {
    const token = getToken() ?? '';
    if (companyName && (draft.companyHeader?.token !== token || draft.companyHeader.companyName !== companyName)) {
      setDraft({ companyHeader: { companyName, token } });
    }
  }, [companyName, draft.companyHeader, setDraft]);

  const header = <PageHeader title={t('invoice.createTitle')} description={t('invoice.createDescription')} />;
  if (draft.orders.length === 0) {
    return (
      <>
        {header}
        <Card>
          <Empty description={t('invoice.noSelection')}>
            <Link to={paths.invoiceOrder.path}>{t('invoice.chooseOrders')}</Link>
          </Empty>
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      <Card>
        <Flex gap={24} wrap style={{ marginBottom: 16 }}>
          <Typography.Text>
            {t('invoice.ordersCount', { count: draft.orders.length })} ·{' '}
            <Link to={paths.invoiceBook.path}>{t('invoice.viewSelected')}</Link>
          </Typography.Text>
          <Typography.Text strong data-testid="invoice-total">
            {t('invoice.total')}: {total ? formatMoney(total, i18n.language) : '—'}
          </Typography.Text>
        </Flex>
        <QueryErrorAlert query={titles} />
        {titles.isPending || user.isPending ? (
          <Spin />
        ) : (
          <ApplicationForm
            titles={titles.data?.rows ?? []}
            initial={initialApplication(titles.data?.rows ?? [], draft, user.data?.userInfo.email ?? '')}
            submitLabel={t('invoice.submit')}
            pending={create.isPending}
            error={create.error}
            onSubmit={(application) =>
              create.mutate(
                { ...application, orderNos: draft.orders.map((o) => o.orderNo) },
                {
                  onSuccess: (invoice) => {
                    clearInvoiceDraft();
                    navigate(`${paths.invoiceDetail.path}?no=${encodeURIComponent(invoice.invoiceNo)}`);
                  },
                },
              )
            }
          />
        )}
      </Card>
    </>
  );
}
