/** The plans the buyer can switch to (same product type): name, account type, duration and price. */
import type { TCatalogItem } from '@ac/protocol/commerce';
import { Flex, Radio, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

type Props = { plans: TCatalogItem[]; value: string; onChange: (goodsCode: string) => void; disabled?: boolean };

export function VipPlanPicker({ plans, value, onChange, disabled }: Props) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  const { token } = theme.useToken();
  return (
    <Radio.Group
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(String(e.target.value))}
      aria-label={t('products.vipChoosePlan')}
      data-testid="vip-plans"
      style={{ width: '100%' }}
    >
      <Flex vertical gap={8}>
        {plans.map((plan) => {
          const selected = plan.goodsCode === value;
          return (
            <Radio
              key={plan.goodsCode}
              value={plan.goodsCode}
              data-testid={`vip-plan-${plan.goodsCode}`}
              styles={{
                root: {
                  display: 'flex',
                  alignItems: 'center',
                  width: '100%',
                  margin: 0,
                  padding: '10px 12px',
                  border: `1px solid ${selected ? token.colorPrimary : token.colorBorder}`,
                  borderRadius: token.borderRadius,
                  background: selected ? token.colorPrimaryBg : undefined,
                },
                label: { flex: 1, minWidth: 0 },
              }}
            >
              <Flex justify="space-between" align="center" gap={12}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{t(goodsKey(plan.goodsCode), { defaultValue: plan.name })}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(enumKey('accountType', plan.accountType))} ·{' '}
                      {t('products.durationDays', { count: plan.durationDays })}
                    </Typography.Text>
                  </div>
                </div>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(plan.price, i18n.language)}
                </Typography.Text>
              </Flex>
            </Radio>
          );
        })}
      </Flex>
    </Radio.Group>
  );
}
