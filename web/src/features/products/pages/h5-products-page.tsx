/**
 * The product centre in the mobile shell: the current membership, the cloud storage (used,
 * remaining, total, over the quota), the renewing memberships with cancel / resume / card, and
 * every product held with its expiry. Buying stays on the desktop product centre.
 */
import { calls } from '@ac/protocol/calls';
import { DotLoading, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { useUserInfo } from '@/lib/session/user-info';
import '../products.css';
import { ExpiryTag } from '../components/expiry-tag';
import { H5RenewalList } from '../components/h5-renewal-list';
import { StorageCard } from '../components/storage-card';

export function H5ProductsPage() {
  const { t } = useTranslation(['products', 'enums']);
  const userInfo = useUserInfo();
  const products = useCall(calls.memberships.mine, {}, { select: (answer) => answer.rows });
  const renewing = useCall(calls.subscriptions.mine, {}, { select: (answer) => answer.rows });
  const vip = userInfo.data?.vipInfo;
  return (
    <>
      <PageHeader title={t('products.pageTitle')} description={t('products.pageDescription')} />
      {userInfo.data ? (
        <>
          <List header={t('products.membershipTitle')} data-testid="membership-card">
            {vip ? (
              <List.Item
                extra={<ExpiryTag expireTime={vip.endTime} />}
                description={`${t(enumKey('accountType', vip.accountType))} · ${formatDate(vip.startTime)} – ${formatDate(vip.endTime)}`}
              >
                {t(goodsKey(vip.goodsCode), { defaultValue: vip.name })}
              </List.Item>
            ) : (
              <List.Item>{t('products.noMembership')}</List.Item>
            )}
          </List>
          <div className="h5-products-storage">
            <StorageCard storage={userInfo.data.storage} />
          </div>
        </>
      ) : (
        <DotLoading color="primary" />
      )}
      <QueryErrorAlert query={renewing} />
      {renewing.data ? <H5RenewalList rows={renewing.data} /> : null}
      <QueryErrorAlert query={products} />
      <List header={t('products.tableTitle')} data-testid="products-table">
        {products.isPending ? (
          <List.Item>
            <DotLoading color="primary" />
          </List.Item>
        ) : (products.data ?? []).length === 0 ? (
          <List.Item>{t('products.empty')}</List.Item>
        ) : (
          (products.data ?? []).map((p) => (
            <List.Item
              key={`${p.goodsCode}-${p.startTime}`}
              extra={<ExpiryTag expireTime={p.expireTime} />}
              description={`${t(enumKey('accountType', p.accountType))} · ${t('products.expireTime')}: ${formatDate(p.expireTime)}`}
            >
              {t(goodsKey(p.goodsCode), { defaultValue: p.name })}
            </List.Item>
          ))
        )}
      </List>
    </>
  );
}
