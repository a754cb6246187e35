/** /invoice/notice: the invoicing rules, with the numbers the server applies. */
import { calls } from '@ac/protocol/calls';
import { Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';

export function InvoiceNoticePage() {
  const { t } = useTranslation('invoice');
  const notice = useCall(calls.invoice.notice, {}, { staleTime: 60 * 60_000 });
  const n = notice.data;
  return (
    <>
      <PageHeader title={t('invoice.noticeTitle')} description={t('invoice.noticeDescription')} />
      <Card>
        <QueryErrorAlert query={notice} />
        {n ? (
          <Typography>
            <ol data-testid="invoice-notice">
              <li>{t('invoice.ruleOrders')}</li>
              <li>{t('invoice.ruleWindow', { days: n.applyWithinDays })}</li>
              <li>{t('invoice.ruleOneInvoice', { max: n.maxOrdersPerInvoice })}</li>
              <li>{t('invoice.ruleAmount')}</li>
              <li>{t('invoice.ruleTypes')}</li>
              <li>{t('invoice.ruleTaxNo')}</li>
              <li>{t('invoice.ruleElectronic')}</li>
              <li>{t('invoice.ruleReapply')}</li>
              <li>{t('invoice.ruleTitles', { max: n.maxTitles })}</li>
            </ol>
          </Typography>
        ) : notice.isPending ? (
          <Spin />
        ) : null}
      </Card>
    </>
  );
}
