/** Columns of the order list (docs/product.md#data). */

import type { TOrderRow } from '@ac/protocol/commerce';
import type { TableColumnsType } from 'antd';
import { Button, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { OrderTimeCell } from '@/components/order-time-cell';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { canPay } from './order-rules';
import { OrderStatusTag } from './order-status-tag';

export type OrderRowActions = { onDetail: (row: TOrderRow) => void; onPay: (row: TOrderRow) => void };

/**
 * `pinned`: status and actions stay at the right edge while the other columns scroll (wide screens);
 * on a phone two pinned columns would fill the screen and hide the rest, so they scroll too.
 */
export function orderColumns(
  t: TFunction,
  language: string,
  actions: OrderRowActions,
  pinned = true,
): TableColumnsType<TOrderRow> {
  const fixed = pinned ? ('right' as const) : undefined;
  return [
    {
      title: t('orders.orderTime'),
      key: 'orderTime',
      width: 164,
      render: (_, row) => <OrderTimeCell time={row.orderTime} orderNo={row.orderNo} />,
    },
    {
      title: t('orders.goods'),
      key: 'goods',
      width: 132,
      render: (_, row) => t(goodsKey(row.goodsCode), { defaultValue: row.goodsName }),
    },
    {
      title: t('orders.serviceType'),
      key: 'serviceType',
      width: 112,
      render: (_, row) => t(enumKey('serviceType', row.serviceType)),
    },
    {
      title: t('orders.channel'),
      key: 'channel',
      render: (_, row) => t(enumKey('channel', row.channel), { defaultValue: row.channel }),
    },
    {
      title: t('orders.orderAmount'),
      key: 'orderAmount',
      align: 'right',
      render: (_, row) => formatMoney(row.orderAmount, language),
    },
    {
      title: t('orders.payAmount'),
      key: 'payAmount',
      align: 'right',
      render: (_, row) => formatMoney(row.payAmount, language),
    },
    // the date and the time on two lines: the columns fit a 1440 px screen without scrolling
    { title: t('orders.payTime'), key: 'payTime', width: 100, render: (_, row) => formatDateTime(row.payTime) },
    {
      title: t('orders.orderType'),
      key: 'orderType',
      width: 120,
      render: (_, row) => t(enumKey('orderType', row.orderType)),
    },
    {
      title: t('orders.status'),
      key: 'status',
      fixed,
      // a fixed column takes the width it is given, not its content's: the longest English status
      // ("Payment not confirmed") fits, longer texts wrap
      width: 160,
      render: (_, row) => <OrderStatusTag status={row.status} />,
    },
    {
      title: t('orders.actions'),
      key: 'actions',
      fixed,
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Button size="small" type="link" data-testid="order-detail-button" onClick={() => actions.onDetail(row)}>
            {t('orders.detail')}
          </Button>
          {canPay(row) ? (
            <Button size="small" type="link" data-testid="order-pay-button" onClick={() => actions.onPay(row)}>
              {t('orders.pay')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
}
