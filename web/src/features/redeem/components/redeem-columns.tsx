/** Columns of the redeem code list (docs/product.md#data). */
import type { TRedeemRow } from '@ac/protocol/commerce';
import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { enumKey } from '@/lib/enum-keys';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@/lib/format/date';
import { RedeemStateTag } from './redeem-state-tag';

export function redeemColumns(t: TFunction): TableColumnsType<TRedeemRow> {
  return [
    { title: t('redeem.serialNo'), dataIndex: 'serialNo', key: 'serialNo' },
    {
      title: t('redeem.productName'),
      key: 'productName',
      render: (_, row) => t(enumKey('productType', row.productName), { defaultValue: row.productName }),
    },
    { title: t('redeem.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    {
      title: t('redeem.code'),
      key: 'code',
      render: (_, row) => (
        <Typography.Text code copyable={{ text: row.code }} style={{ whiteSpace: 'nowrap' }}>
          {row.code}
        </Typography.Text>
      ),
    },
    { title: t('redeem.state'), key: 'state', render: (_, row) => <RedeemStateTag state={row.state} /> },
    {
      title: t('redeem.validity'),
      key: 'validity',
      render: (_, row) => `${formatDate(row.validFrom)} – ${formatDate(row.validTo)}`,
    },
    { title: t('redeem.redeemTime'), key: 'redeemTime', render: (_, row) => formatDateTime(row.redeemTime) },
    { title: t('redeem.useAccount'), key: 'useAccount', render: (_, row) => row.useAccount ?? EMPTY_VALUE },
    { title: t('redeem.source'), key: 'source', render: (_, row) => t(enumKey('redeemSource', row.source)) },
  ];
}
