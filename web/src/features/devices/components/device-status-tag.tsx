/** Bound or not bound. */
import type { TDeviceStatus } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag';
import { enumKey } from '@/lib/enum-keys';

export function DeviceStatusTag({ status }: { status: TDeviceStatus }) {
  const { t } = useTranslation('enums');
  return <StatusTag tone={status === 'bound' ? 'success' : 'neutral'}>{t(enumKey('deviceStatus', status))}</StatusTag>;
}
