/**
 * After checkout: an information box that closes by itself after 3 seconds
 * (docs/product.md#states and docs/product.md#messages-and-timing), since the order list's payment status may lag behind.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const PAID_NOTICE_MS = 3000;

export function usePaidNotice(): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation('checkout');
  return useCallback(() => {
    const box = modal.success({
      title: t('checkout.paidTitle'),
      content: <div data-testid="paid-notice">{t('checkout.paidContent')}</div>,
      okText: t('checkout.ok'),
      okButtonProps: { 'data-testid': 'paid-notice-ok' },
    });
    window.setTimeout(() => box.destroy(), PAID_NOTICE_MS);
  }, [modal, t]);
}
