/** WeChat: the gateway's code as a 150×150 QR code; the dialog polls the pay state meanwhile. */
import { Button, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const QR_SIZE = 150;

export function QrPayment({ qrCode, onBack }: { qrCode: string; onBack: () => void }) {
  const { t } = useTranslation('checkout');
  return (
    <Flex vertical align="center" gap={8} data-testid="pay-qr" data-qr-code={qrCode}>
      <QRCode value={qrCode} size={QR_SIZE} type="svg" aria-label={t('checkout.qrLabel')} />
      <Typography.Text>{t('checkout.qrText')}</Typography.Text>
      <Typography.Text type="secondary">{t('checkout.qrWaiting')}</Typography.Text>
      <Button type="link" onClick={onBack}>
        {t('checkout.otherMethod')}
      </Button>
    </Flex>
  );
}
