/** /redeemcode/order: the orders in which I bought redeem codes, paged. */
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { useRedeemOrders } from '../api/get-redeem-orders';
import { redeemOrderColumns } from '../components/redeem-order-columns';

const PAGE_SIZE = 10;

export function RedeemOrdersPage() {
  const { t, i18n } = useTranslation(['redeem', 'enums']);
  const [pageNo, setPageNo] = useState(1);
  const orders = useRedeemOrders({ pageNo, pageSize: PAGE_SIZE });
  return (
    <>
      <PageHeader title={t('redeem.ordersTitle')} description={t('redeem.ordersDescription')} />
      <Card>
        <PagedTable
          query={orders}
          columns={redeemOrderColumns(t, i18n.language)}
          rowKey="orderNo"
          label={t('redeem.ordersTitle')}
          testId="redeem-orders-table"
          emptyText={t('redeem.ordersEmpty')}
          scrollX={1100}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPageChange={setPageNo}
        />
      </Card>
    </>
  );
}
