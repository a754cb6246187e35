/** /redeemcode/order: the orders in which I bought redeem codes, paged. */
import { Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ScrollRegion } from '@/components/scroll-region';
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
        <QueryErrorAlert query={orders} />
        <ScrollRegion label={t('redeem.ordersTitle')} testId="redeem-orders-table">
          <Table
            rowKey="orderNo"
            columns={redeemOrderColumns(t, i18n.language)}
            dataSource={orders.data?.rows}
            loading={orders.isFetching}
            scroll={{ x: 1100 }}
            locale={{ emptyText: t('redeem.ordersEmpty') }}
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
      </Card>
    </>
  );
}
