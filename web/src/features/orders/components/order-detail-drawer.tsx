/** Order detail (docs/product.md#data and docs/product.md#states): the order, its detail state and lines, with Pay and Cancel where allowed; overseas, its receipts. */
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { Button, Descriptions, Drawer, Flex, Grid, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';
import { getRegion } from '@/lib/app-config';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { CancelOrderButton } from './cancel-order-button';
import { OrderLines } from './order-lines';
import { OrderReceipts } from './order-receipts';
import { canPay } from './order-rules';
import { OrderStatusTag } from './order-status-tag';

type Props = { orderNo: string | undefined; onClose: () => void; onPay: (order: TOrderDetail) => void };

export function OrderDetailDrawer({ orderNo, onClose, onPay }: Props) {
  const { t, i18n } = useTranslation(['orders', 'enums']);
  const screens = Grid.useBreakpoint();
  const detail = useCall(
    calls.orders.detail,
    { orderNo: orderNo ?? '' },
    { enabled: orderNo !== undefined, staleTime: 0 },
  );
  const order = detail.data;
  const money = (m: TOrderDetail['orderAmount']) => formatMoney(m, i18n.language);
  const detailStateKey = `orders.detailState${order ? order.detailState.charAt(0).toUpperCase() + order.detailState.slice(1) : ''}`;

  return (
    <Drawer
      open={orderNo !== undefined}
      onClose={onClose}
      title={t('orders.detailTitle')}
      size={screens.md ? 640 : '100%'}
      extra={
        order ? (
          <Flex gap={8}>
            <CancelOrderButton orderNo={order.orderNo} status={order.status} />
            {canPay(order) ? (
              <Button type="primary" data-testid="pay-order" onClick={() => onPay(order)}>
                {t('orders.pay')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      <div data-testid="order-detail" data-order-no={orderNo}>
        <QueryErrorAlert query={detail} />
        {order ? (
          <>
            <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('orders.orderNo')}>{order.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('orders.orderTime')}>{formatDateTime(order.orderTime)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.goods')}>
                {t(goodsKey(order.goodsCode), { defaultValue: order.goodsName })}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.status')}>
                <OrderStatusTag status={order.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.detailState')}>
                <span data-testid="order-detail-state">{t(detailStateKey)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.payState')}>
                {order.payState === 1 ? t('orders.payStatePaid') : t('orders.payStateUnpaid')}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.serviceType')}>
                {t(enumKey('serviceType', order.serviceType))}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.orderType')}>
                {t(enumKey('orderType', order.orderType))}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.orderAmount')}>{money(order.orderAmount)}</Descriptions.Item>
              {order.couponCode ? (
                <Descriptions.Item label={t('orders.coupon')}>
                  <span data-testid="order-coupon">
                    {order.couponCode} (−{money(order.discountAmount)})
                  </span>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('orders.dueAmount')}>
                <span data-testid="order-due-amount">{money(order.dueAmount)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.payAmount')}>{money(order.payAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.refundAmount')}>{money(order.refundAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.payTime')}>{formatDateTime(order.payTime)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.period')}>
                {order.startDate ? `${formatDate(order.startDate)} – ${formatDate(order.endDate)}` : EMPTY_VALUE}
              </Descriptions.Item>
            </Descriptions>
            <OrderLines lines={order.lines} />
            {getRegion() === 'us' ? <OrderReceipts orderNo={order.orderNo} /> : null}
          </>
        ) : detail.isPending && orderNo ? (
          <Skeleton active />
        ) : null}
      </div>
    </Drawer>
  );
}
