/**
 * My products: name, account type (goods code) and expiry with an active/expired tag. A plain
 * table drawn like antd's (products.css): the list is short, unpaged and unsorted, so the page
 * loads no antd Table (docs/performance.md). Its scroll region is reachable by keyboard. On a phone
 * each row is a card (products.css), the cells named by their column (data-label).
 */
import type { TMyProduct } from '@ac/protocol/commerce';
import { useTranslation } from 'react-i18next';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { ExpiryTag } from './expiry-tag';

type Props = { rows: TMyProduct[] | undefined; loading: boolean };

export function MyProductsTable({ rows, loading }: Props) {
  const { t } = useTranslation(['products', 'enums', 'common']);
  const label = t('products.tableTitle');
  const placeholder = (content: React.ReactNode) => (
    <tr className="plain-table-placeholder">
      <td colSpan={3}>{content}</td>
    </tr>
  );
  return (
    <div data-testid="products-table">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container is reached and scrolled by keyboard (WCAG 2.1.1) */}
      <section className="plain-table-scroll" aria-label={label} tabIndex={0}>
        <table className="plain-table" aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">{t('products.name')}</th>
              <th scope="col">{t('products.accountType')}</th>
              <th scope="col">{t('products.expireTime')}</th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={`${row.goodsCode}-${row.startTime}`} data-row-key={`${row.goodsCode}-${row.startTime}`}>
                <td>{t(goodsKey(row.goodsCode), { defaultValue: row.name })}</td>
                <td data-label={t('products.accountType')}>
                  <span>
                    {t(enumKey('accountType', row.accountType))} <code className="plain-code">{row.goodsCode}</code>
                  </span>
                </td>
                <td data-label={t('products.expireTime')}>
                  <span className="products-inline">
                    <span>{formatDate(row.expireTime)}</span>
                    <ExpiryTag expireTime={row.expireTime} />
                  </span>
                </td>
              </tr>
            ))}
            {rows?.length
              ? null
              : loading
                ? placeholder(
                    <span
                      className="page-spin-dots page-spin-dots-small"
                      role="status"
                      aria-label={t('common.loading')}
                    >
                      <i />
                      <i />
                      <i />
                      <i />
                    </span>,
                  )
                : placeholder(t('products.empty'))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
