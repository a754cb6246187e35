/** The paged order list with its status filter; page and status live in the URL. */
import { type TOrderStatus, ZOrderStatus } from '@ac/protocol/enums';
import { Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ScrollRegion } from '@/components/scroll-region';
import { useOrders } from '../api/get-orders';
import { orderColumns } from './order-columns';
import { OrderStatusFilter } from './order-status-filter';

const PAGE_SIZE = 10;

function readParams(params: URLSearchParams): { pageNo: number; status: TOrderStatus | undefined } {
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const status = ZOrderStatus.safeParse(Number(params.get('status') ?? 'x'));
  return { pageNo, status: status.success ? status.data : undefined };
}

export function OrderList() {
  const { t, i18n } = useTranslation(['orders', 'enums']);
  const [params, setParams] = useSearchParams();
  const { pageNo, status } = readParams(params);
  const orders = useOrders({ pageNo, pageSize: PAGE_SIZE, status });

  const update = (next: { page?: number; status?: TOrderStatus }) => {
    const search = new URLSearchParams();
    if (next.page && next.page > 1) search.set('page', String(next.page));
    if (next.status !== undefined) search.set('status', String(next.status));
    setParams(search);
  };

  return (
    <Card>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <OrderStatusFilter value={status} onChange={(s) => update({ status: s })} />
      </Flex>
      {orders.error ? <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      <ScrollRegion label={t('orders.pageTitle')} testId="orders-table">
        <Table
          rowKey="orderNo"
          columns={orderColumns(t, i18n.language)}
          dataSource={orders.data?.rows}
          loading={orders.isFetching}
          scroll={{ x: 1200 }}
          locale={{ emptyText: t('orders.empty') }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: orders.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('orders.total', { count: total }),
            onChange: (page) => update({ page, status }),
          }}
        />
      </ScrollRegion>
    </Card>
  );
}
