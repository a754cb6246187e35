/**
 * The popup storefront's waiting dialog (docs/decisions/0053-popup-storefront.md): FastSpring's
 * popup is open over the page (its script loaded only now); the order is asked about every 2.5 s
 * until FastSpring's webhook has paid it. The member can open the popup again or choose another
 * method; a script that could not load says so.
 */
import type { TStorefrontPopup } from '@ac/protocol/commerce';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openStorefront } from '@/lib/checkout/storefront-script';
import { usePayState } from './use-pay-state';

type Props = { orderNo: string; popup: TStorefrontPopup; onPaid: () => void; onOtherMethod: () => void };

export function StorefrontWaitDialog({ orderNo, popup, onPaid, onOtherMethod }: Props) {
  const { t } = useTranslation('checkout');
  const [failed, setFailed] = useState(false);
  const payState = usePayState(orderNo, { enabled: true, poll: true });
  const paid = payState.data?.payState === 1;

  const open = () => {
    setFailed(false);
    openStorefront(popup, () => void payState.refetch()).catch(() => setFailed(true));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the popup opens once, when the dialog does
  useEffect(open, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: finish once, when the polled state turns paid
  useEffect(() => {
    if (paid) onPaid();
  }, [paid]);

  return (
    <Modal
      open
      title={t('checkout.storefrontTitle')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="other" onClick={onOtherMethod}>
          {t('checkout.otherMethod')}
        </Button>,
        <Button key="reopen" type="primary" onClick={open} data-testid="storefront-reopen">
          {t('checkout.storefrontReopen')}
        </Button>,
      ]}
    >
      <div data-testid="storefront-wait-dialog">
        {failed ? (
          <Alert type="error" showIcon title={t('checkout.storefrontFailed')} />
        ) : (
          <Typography.Paragraph>{t('checkout.storefrontText')}</Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
}
