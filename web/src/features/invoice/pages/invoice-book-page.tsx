/** /invoice/book: the orders selected for one invoice, their total, and the way on to the application. */
import { Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { type DraftOrder, draftTotal, useInvoiceDraft } from '../components/invoice-draft';

export function InvoiceBookPage() {
  const { t, i18n } = useTranslation('invoice');
  const navigate = useNavigate();
  const [draft, setDraft] = useInvoiceDraft();
  const total = draftTotal(draft.orders);
  return (
    <>
      <PageHeader title={t('invoice.bookTitle')} description={t('invoice.bookDescription')} />
      <Card>
        {draft.orders.length === 0 ? (
          <Empty description={t('invoice.noSelection')}>
            <Link to={paths.invoiceOrder.path}>{t('invoice.chooseOrders')}</Link>
          </Empty>
        ) : (
          <>
            <Table<DraftOrder>
              rowKey="orderNo"
              dataSource={draft.orders}
              pagination={false}
              scroll={{ x: 600 }}
              columns={[
                { title: t('invoice.orderNo'), dataIndex: 'orderNo', key: 'orderNo' },
                { title: t('invoice.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
                {
                  title: t('invoice.amount'),
                  key: 'amount',
                  align: 'right',
                  render: (_, row) => formatMoney(row.amount, i18n.language),
                },
                {
                  title: t('invoice.actions'),
                  key: 'actions',
                  render: (_, row) => (
                    <Button
                      type="link"
                      onClick={() => setDraft({ orders: draft.orders.filter((o) => o.orderNo !== row.orderNo) })}
                    >
                      {t('invoice.remove')}
                    </Button>
                  ),
                },
              ]}
            />
            <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 16 }}>
              <Typography.Text strong>
                {t('invoice.total')}: {total ? formatMoney(total, i18n.language) : '—'}
              </Typography.Text>
              <Flex gap={8}>
                <Button onClick={() => navigate(paths.invoiceOrder.path)}>{t('invoice.changeOrders')}</Button>
                <Button type="primary" onClick={() => navigate(paths.invoiceCreate.path)}>
                  {t('invoice.next')}
                </Button>
              </Flex>
            </Flex>
          </>
        )}
      </Card>
    </>
  );
}
