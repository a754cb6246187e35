/** My products: name, account type (goods code) and expiry with an active/expired tag. */
import type { TMyProduct } from '@ac/protocol/commerce';
import { Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { ExpiryTag } from './expiry-tag';

type Props = { rows: TMyProduct[] | undefined; loading: boolean };

export function MyProductsTable({ rows, loading }: Props) {
  const { t } = useTranslation(['products', 'enums']);
  const columns: TableColumnsType<TMyProduct> = [
    {
      title: t('products.name'),
      key: 'name',
      render: (_, row) => t(goodsKey(row.goodsCode), { defaultValue: row.name }),
    },
    {
      title: t('products.accountType'),
      key: 'accountType',
      render: (_, row) => (
        <span>
          {t(enumKey('accountType', row.accountType))}{' '}
          <Typography.Text type="secondary" code>
            {row.goodsCode}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('products.expireTime'),
      key: 'expireTime',
      render: (_, row) => (
        <Flex gap={8} align="center" wrap>
          <span>{formatDate(row.expireTime)}</span>
          <ExpiryTag expireTime={row.expireTime} />
        </Flex>
      ),
    },
  ];
  return (
    <ScrollRegion label={t('products.tableTitle')} testId="products-table">
      <Table<TMyProduct>
        rowKey={(row) => `${row.goodsCode}-${row.startTime}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('products.empty') }}
      />
    </ScrollRegion>
  );
}
