/**
 * The paged order list with its status filter (page and status live in the URL), detail and pay;
 * above it, the word on an order a payment page sent the payer back to (CheckoutReturnNotice).
 */
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail, TOrderRow } from '@ac/protocol/commerce';
import { ZOrderStatus } from '@ac/protocol/enum-schemas';
import type { TOrderStatus } from '@ac/protocol/enums';
import { Card, Flex, Grid } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CheckoutDialog, type CheckoutOrder, checkoutOrderOf } from '@/components/checkout/checkout-dialog';
import { useRefreshAfterPayment } from '@/components/checkout/use-refresh-after-payment';
import { PagedTable } from '@/components/paged-table';
import { CheckoutReturnNotice, checkoutReturnOf } from './checkout-return-notice';
import { orderColumns } from './order-columns';
import { OrderDetailDrawer } from './order-detail-drawer';
import { OrderStatusFilter } from './order-status-filter';

function readParams(params: URLSearchParams): { pageNo: number; status: TOrderStatus | undefined } {
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const status = ZOrderStatus.safeParse(Number(params.get('status') ?? 'x'));
  return { pageNo, status: status.success ? status.data : undefined };
}

export function OrderList() {
  const { t, i18n } = useTranslation(['orders', 'enums']);
  const [params, setParams] = useSearchParams();
  const { md = true } = Grid.useBreakpoint();
  const { pageNo, status } = readParams(params);
  const returned = checkoutReturnOf(params);
  const refresh = useRefreshAfterPayment();
  // a receipt mail links the order centre opened on its order (`?orderNo=`); a return from a payment
  // page (`?orderNo=…&checkout=…`) shows its notice instead, with the order's Pay now in reach
  const [detailNo, setDetailNo] = useState<string | undefined>(() =>
    returned ? undefined : (params.get('orderNo') ?? undefined),
  );
  const [checkout, setCheckout] = useState<CheckoutOrder | null>(null);
  const pay = (row: TOrderRow | TOrderDetail) => {
    setDetailNo(undefined);
    setCheckout(checkoutOrderOf(row));
  };

  const update = (next: { page?: number; status?: TOrderStatus }) => {
    const search = new URLSearchParams();
    if (next.page && next.page > 1) search.set('page', String(next.page));
    if (next.status !== undefined) search.set('status', String(next.status));
    setParams(search);
  };

  return (
    <Card>
      {returned ? (
        <CheckoutReturnNotice value={returned} onPay={pay} onClose={() => update({ page: pageNo, status })} />
      ) : null}
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <OrderStatusFilter value={status} onChange={(s) => update({ status: s })} />
      </Flex>
      <PagedTable
        call={calls.orders.list}
        filter={{ status }}
        columns={orderColumns(t, i18n.language, { onDetail: (row) => setDetailNo(row.orderNo), onPay: pay }, md)}
        rowKey="orderNo"
        label={t('orders.pageTitle')}
        testId="orders-table"
        emptyText={t('orders.empty')}
        // the narrowest the columns read well: a 1440 px screen's content (about 1110 px) shows them all
        scrollX={1080}
        size="middle"
        page={{ pageNo, onChange: (page) => update({ page, status }) }}
        showTotal={(total) => t('orders.total', { count: total })}
      />
      <OrderDetailDrawer orderNo={detailNo} onClose={() => setDetailNo(undefined)} onPay={pay} />
      {checkout ? <CheckoutDialog order={checkout} onClose={() => setCheckout(null)} onPaid={refresh} /> : null}
    </Card>
  );
}
