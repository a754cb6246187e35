/** Columns of the redeem-code order list (docs/product.md#data). */

import type { TRedeemOrderRow } from '@ac/protocol/commerce';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { OrderTimeCell } from '@/components/order-time-cell';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { RedeemOrderStatusTag } from './redeem-order-status-tag';

export function redeemOrderColumns(t: TFunction, language: string): TableColumnsType<TRedeemOrderRow> {
  const money = (key: 'orderAmount' | 'payAmount' | 'refundAmount') => ({
    title: t(`redeem.${key}`),
    key,
    align: 'right' as const,
    render: (_: unknown, row: TRedeemOrderRow) => formatMoney(row[key], language),
  });
  return [
    {
      title: t('redeem.orderTime'),
      key: 'orderTime',
      width: 170,
      render: (_, row) => <OrderTimeCell time={row.orderTime} orderNo={row.orderNo} />,
    },
    {
      title: t('redeem.category'),
      key: 'category',
      render: (_, row) => t(goodsKey(row.category), { defaultValue: row.category }),
    },
    {
      title: t('redeem.channel'),
      key: 'channel',
      render: (_, row) => t(enumKey('channel', row.channel), { defaultValue: row.channel }),
    },
    { title: t('redeem.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
    money('orderAmount'),
    money('payAmount'),
    { title: t('redeem.payTime'), key: 'payTime', width: 150, render: (_, row) => formatDateTime(row.payTime) },
    { title: t('redeem.status'), key: 'status', render: (_, row) => <RedeemOrderStatusTag status={row.status} /> },
    money('refundAmount'),
  ];
}
