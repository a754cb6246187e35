/**
 * The popup storefront's waiting dialog (docs/decisions/0053-popup-storefront.md): FastSpring's
 * popup is open over the page (its script loaded only now) while the checkout asks about the order
 * every 2.5 s until FastSpring's webhook has paid it (and at once when the popup closes). The
 * member can open the popup again or choose another method; a script that could not load says so.
 */
import type { TStorefrontPopup } from '@ac/protocol/commerce';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openStorefront } from '@/lib/checkout/storefront-script';

type Props = { popup: TStorefrontPopup; onClosed: () => void; onOtherMethod: () => void };

export function StorefrontWaitDialog({ popup, onClosed, onOtherMethod }: Props) {
  const { t } = useTranslation('checkout');
  const [failed, setFailed] = useState(false);

  const open = () => {
    setFailed(false);
    openStorefront(popup, onClosed).catch(() => setFailed(true));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the popup opens once, when the dialog does
  useEffect(open, []);

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
