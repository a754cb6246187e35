/** The redeem confirmation dialog (docs/product.md#data): what the code grants, before it is used. */
import type { TRedeemPreviewResponse } from '@ac/protocol/commerce';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';

type Props = {
  preview: TRedeemPreviewResponse;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function RedeemPreviewDialog({ preview, confirming, onConfirm, onCancel }: Props) {
  const { t } = useTranslation(['redeem', 'enums']);
  const days = (count: number) => t('redeem.days', { count });
  return (
    <Modal
      open
      title={t('redeem.confirmTitle')}
      okText={t('redeem.confirmOk')}
      cancelText={t('redeem.confirmCancel')}
      okButtonProps={{ 'data-testid': 'redeem-confirm', loading: confirming }}
      onOk={onConfirm}
      onCancel={onCancel}
      maskClosable={false}
    >
      <div data-testid="redeem-preview-dialog">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('redeem.previewGoods')}>
            {t(goodsKey(preview.goodsCode), { defaultValue: preview.goodsName })}
          </Descriptions.Item>
          <Descriptions.Item label={t('redeem.licenseQty')}>{preview.licenseQty}</Descriptions.Item>
          <Descriptions.Item label={t('redeem.externalCollabQty')}>{preview.externalCollabQty}</Descriptions.Item>
          <Descriptions.Item label={t('redeem.extraLicenseQty')}>{preview.extraLicenseQty}</Descriptions.Item>
          <Descriptions.Item label={t('redeem.extraExternalCollabQty')}>
            {preview.extraExternalCollabQty}
          </Descriptions.Item>
          <Descriptions.Item label={t('redeem.extraDuration')}>{days(preview.extraDuration)}</Descriptions.Item>
          <Descriptions.Item label={t('redeem.activationDuration')}>
            {days(preview.activationDuration)}
          </Descriptions.Item>
          <Descriptions.Item label={t('redeem.validTo')}>{formatDate(preview.validTo)}</Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
}
