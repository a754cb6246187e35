/** The lines of an order: goods, quantity, unit price, amount and the period bought. */
import type { TOrderLine } from '@ac/protocol/commerce';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

export function OrderLines({ lines }: { lines: TOrderLine[] }) {
  const { t, i18n } = useTranslation(['orders', 'enums']);
  return (
    <ScrollRegion label={t('orders.lines')} testId="order-lines">
      <Table<TOrderLine>
        rowKey={(line) => line.goodsCode}
        dataSource={lines}
        pagination={false}
        size="small"
        scroll={{ x: 480 }}
        columns={[
          {
            title: t('orders.goods'),
            key: 'goods',
            render: (_, line) => t(goodsKey(line.goodsCode), { defaultValue: line.goodsName }),
          },
          { title: t('orders.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
          {
            title: t('orders.unitPrice'),
            key: 'unitPrice',
            align: 'right',
            render: (_, line) => formatMoney(line.unitPrice, i18n.language),
          },
          {
            title: t('orders.amount'),
            key: 'amount',
            align: 'right',
            render: (_, line) => formatMoney(line.amount, i18n.language),
          },
          {
            title: t('orders.duration'),
            key: 'duration',
            render: (_, line) => t('orders.durationDays', { count: line.durationDays }),
          },
        ]}
      />
    </ScrollRegion>
  );
}
