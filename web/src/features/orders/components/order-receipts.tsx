/**
 * The receipt and credit notes of a paid order (overseas build), each a PDF download by a
 * same-origin link that sends the session cookie (docs/product.md#receipts).
 */
import { calls } from '@ac/protocol/calls';
import { receiptPdfPath } from '@ac/protocol/http-paths';
import { Button, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { downloadUrl } from '@/lib/api/api-client';
import { useCall } from '@/lib/api/use-call';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';

export function OrderReceipts({ orderNo }: { orderNo: string }) {
  const { t, i18n } = useTranslation('orders');
  const list = useCall(calls.receipts.ofOrder, { orderNo }, { staleTime: 0 });
  if (list.error) return <QueryErrorAlert query={list} />;
  const rows = list.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label={t('orders.receipts')} style={{ marginTop: 16 }} data-testid="order-receipts">
      <Typography.Title level={5}>{t('orders.receipts')}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={rows}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button
                key="pdf"
                href={downloadUrl(receiptPdfPath(r.number))}
                download
                data-testid={`receipt-download-${r.number}`}
              >
                {t('orders.receiptDownload')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`${r.kind === 'receipt' ? t('orders.receipt') : t('orders.creditNote')} ${r.number}`}
              description={[
                formatDate(r.issuedAt),
                formatMoney(
                  { amount: r.kind === 'receipt' ? r.amount : -r.amount, currency: r.currency },
                  i18n.language,
                ),
                r.tax > 0
                  ? t('orders.receiptTax', { tax: formatMoney({ amount: r.tax, currency: r.currency }, i18n.language) })
                  : t('orders.receiptNoTax'),
              ].join(' · ')}
            />
          </List.Item>
        )}
      />
    </section>
  );
}
