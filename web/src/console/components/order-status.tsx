/** An order's status as a coloured label (docs/product.md#states). */
import { orderStatusName, type TOrderStatus } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const TONES: Record<string, StatusTone> = {
  unpaid: 'neutral',
  paid: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
  payFailed: 'error',
  refunded: 'purple',
  unconfirmed: 'warning',
  conversionDue: 'cyan',
  partiallyRefunded: 'magenta',
};

export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = orderStatusName[status as TOrderStatus] ?? String(status);
  return <StatusTag tone={TONES[name] ?? 'neutral'}>{t(`orderStatus_${name}`)}</StatusTag>;
}
