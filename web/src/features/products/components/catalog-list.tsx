/** The goods on sale with duration and price; "Renew" for a product held and still live, else "Buy". */
import type { TCatalogItem } from '@ac/protocol/commerce';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

type Props = {
  rows: TCatalogItem[];
  held: ReadonlySet<string>;
  pendingCode: string | undefined;
  onBuy: (item: TCatalogItem) => void;
};

export function CatalogList({ rows, held, pendingCode, onBuy }: Props) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  return (
    <ul
      data-testid="catalog-list"
      style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflow: 'auto' }}
    >
      {rows.map((item) => (
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
                loading={pendingCode === item.goodsCode}
                disabled={pendingCode !== undefined && pendingCode !== item.goodsCode}
                onClick={() => onBuy(item)}
              >
                {held.has(item.goodsCode) ? t('products.renew') : t('products.buy')}
              </Button>
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
