/** Filter the order list by status (or show all). */
import { ORDER_STATUSES, type TOrderStatus } from '@ac/protocol/enums';
import { Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { orderStatusKey } from '@/lib/enum-keys';

type Props = { value: TOrderStatus | undefined; onChange: (status: TOrderStatus | undefined) => void };

export function OrderStatusFilter({ value, onChange }: Props) {
  const { t } = useTranslation(['orders', 'enums']);
  const id = useId();
  return (
    <Flex gap={8} align="center">
      <label htmlFor={id}>{t('orders.statusFilter')}</label>
      <Select<TOrderStatus | 'all'>
        id={id}
        data-testid="order-status-filter"
        style={{ minWidth: 200 }}
        value={value ?? 'all'}
        onChange={(next) => onChange(next === 'all' ? undefined : next)}
        options={[
          { value: 'all', label: t('orders.allStatuses') },
          ...ORDER_STATUSES.map((status) => ({ value: status, label: t(orderStatusKey(status)) })),
        ]}
      />
    </Flex>
  );
}
