/**
 * The goods on sale with duration and price; "Renew" for a product held and still live, else
 * "Buy". A goods with renewing plans (`plans`, empty where none is sold) also offers "Renew
 * automatically every month/year" with the price of each period.
 */
import type { TCatalogItem } from '@ac/protocol/commerce';
import type { TRenewalInterval } from '@ac/protocol/enums';
import type { TRenewalPlan } from '@ac/protocol/subscriptions';
import { SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

/** What is being bought: a one-off order (no interval) or a renewing plan. */
export type CatalogPending = { goodsCode: string; interval?: TRenewalInterval };

type Props = {
  rows: TCatalogItem[];
  held: ReadonlySet<string>;
  plans: ReadonlyMap<string, readonly TRenewalPlan[]>;
  pending: CatalogPending | undefined;
  onBuy: (item: TCatalogItem) => void;
  onSubscribe: (plan: TRenewalPlan) => void;
};

const renewKey: Record<TRenewalInterval, string> = {
  month: 'products.autoRenewMonth',
  year: 'products.autoRenewYear',
};

export function CatalogList({ rows, held, plans, pending, onBuy, onSubscribe }: Props) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  const isPending = (goodsCode: string, interval?: TRenewalInterval) =>
    pending?.goodsCode === goodsCode && pending.interval === interval;
  return (
    <ul
      data-testid="catalog-list"
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflow: 'auto' }}
    >
      {rows.map((item) => {
        const renewing = plans.get(item.goodsCode) ?? [];
        return (
          <li
            key={item.goodsCode}
            data-testid={`catalog-item-${item.goodsCode}`}
            style={{ borderBottom: '1px solid #f0f0f0', padding: '10px 4px' }}
          >
            <Flex justify="space-between" align="center" gap={12} wrap>
              <div style={{ minWidth: 0, flex: '1 1 180px' }}>
                <Typography.Text strong>{t(goodsKey(item.goodsCode), { defaultValue: item.name })}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(enumKey('accountType', item.accountType))} ·{' '}
                    {t('products.durationDays', { count: item.durationDays })}
                    {item.storageGb > 0 ? ` · ${t('products.storageGb', { count: item.storageGb })}` : ''}
                  </Typography.Text>
                </div>
              </div>
              <Flex align="center" gap={12}>
                <Typography.Text strong data-testid="catalog-price">
                  {formatMoney(item.price, i18n.language)}
                </Typography.Text>
                <Button
                  type="primary"
                  data-testid={`buy-${item.goodsCode}`}
                  loading={isPending(item.goodsCode)}
                  disabled={pending !== undefined && !isPending(item.goodsCode)}
                  onClick={() => onBuy(item)}
                >
                  {held.has(item.goodsCode) ? t('products.renew') : t('products.buy')}
                </Button>
              </Flex>
            </Flex>
            {renewing.length > 0 ? (
              <Flex
                role="group"
                aria-label={t('products.autoRenewTitle')}
                align="center"
                gap={8}
                wrap
                style={{ marginTop: 8 }}
                data-testid={`auto-renew-${item.goodsCode}`}
              >
                <SyncOutlined aria-hidden style={{ color: '#0958d9' }} />
                {renewing.map((plan) => (
                  <Button
                    key={plan.interval}
                    size="small"
                    data-testid={`subscribe-${item.goodsCode}-${plan.interval}`}
                    loading={isPending(item.goodsCode, plan.interval)}
                    disabled={pending !== undefined && !isPending(item.goodsCode, plan.interval)}
                    onClick={() => onSubscribe(plan)}
                  >
                    {t(renewKey[plan.interval])} · {formatMoney(plan.price, i18n.language)}
                  </Button>
                ))}
              </Flex>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
