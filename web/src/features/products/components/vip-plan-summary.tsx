/** What is being bought: product, account type, duration, cloud storage and the price in the region currency. */
import type { TCatalogItem } from '@ac/protocol/commerce';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

export function VipPlanSummary({ plan }: { plan: TCatalogItem }) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  return (
    <Descriptions column={1} size="small" data-testid="vip-summary" data-goods-code={plan.goodsCode}>
      <Descriptions.Item label={t('products.name')}>
        <span data-testid="vip-product">{t(goodsKey(plan.goodsCode), { defaultValue: plan.name })}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('products.accountType')}>
        {t(enumKey('accountType', plan.accountType))}
      </Descriptions.Item>
      <Descriptions.Item label={t('products.vipDuration')}>
        <span data-testid="vip-duration">{t('products.durationDays', { count: plan.durationDays })}</span>
      </Descriptions.Item>
      {plan.storageGb > 0 ? (
        <Descriptions.Item label={t('products.storageTitle')}>
          {t('products.storageGb', { count: plan.storageGb })}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('products.vipPrice')} styles={{ label: { alignItems: 'center' } }}>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="vip-price">
          {formatMoney(plan.price, i18n.language)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
