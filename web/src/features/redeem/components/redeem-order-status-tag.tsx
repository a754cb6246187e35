/** Redeem-order status (docs/product.md#states) in its colour. */
import type { TRedeemOrderStatus } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const tone: Record<TRedeemOrderStatus, StatusTone> = {
  partialRefund: 'magenta',
  fullRefund: 'cyan',
  unpaid: 'warning',
  canceled: 'neutral',
  paid: 'success',
  expired: 'purple',
  unconfirmed: 'orange',
  convertedExpiration: 'info',
  payFailed: 'error',
  refunded: 'cyan',
};

export function RedeemOrderStatusTag({ status }: { status: TRedeemOrderStatus }) {
  const { t } = useTranslation('redeem');
  return (
    <StatusTag tone={tone[status]}>
      {t(`redeem.orderStatus${status.charAt(0).toUpperCase()}${status.slice(1)}`)}
    </StatusTag>
  );
}
