/** Redeem code state (docs/product.md#states) in its colour. */
import type { TRedeemState } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';
import { enumKey } from '@/lib/enum-keys';

const tone: Record<TRedeemState, StatusTone> = {
  exchanged: 'success',
  unused: 'info',
  expired: 'neutral',
  void: 'error',
  preOccupied: 'orange',
  abolished: 'magenta',
  refundHeld: 'orange',
};

export function RedeemStateTag({ state }: { state: TRedeemState }) {
  const { t } = useTranslation('enums');
  return <StatusTag tone={tone[state]}>{t(enumKey('redeemState', state))}</StatusTag>;
}
