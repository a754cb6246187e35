/** Active or expired, from an expiry time. */
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag';
import { isPast } from '@/lib/format/date';

export function ExpiryTag({ expireTime }: { expireTime: string }) {
  const { t } = useTranslation('products');
  return isPast(expireTime) ? (
    <StatusTag tone="neutral">{t('products.expired')}</StatusTag>
  ) : (
    <StatusTag tone="success">{t('products.active')}</StatusTag>
  );
}
