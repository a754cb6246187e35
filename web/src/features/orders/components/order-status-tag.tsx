/** Order status (docs/product.md#states codes 0–8) in its colour. */
import type { TOrderStatus } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';
import { orderStatusKey } from '@/lib/enum-keys';

const tone: Record<TOrderStatus, StatusTone> = {
  0: 'warning',
  1: 'success',
  2: 'neutral',
  3: 'purple',
  4: 'error',
  5: 'cyan',
  6: 'orange',
  7: 'info',
  8: 'magenta',
};

export function OrderStatusTag({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation('enums');
  return <StatusTag tone={tone[status]}>{t(orderStatusKey(status))}</StatusTag>;
}
