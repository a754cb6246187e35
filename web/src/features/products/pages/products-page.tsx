/** Product centre: current membership, storage, every membership product with its expiry, and Buy / Renew. */
import { calls } from '@ac/protocol/calls';
import { useCall } from '@/lib/api/use-call';
import '../products.css';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { type ComponentProps, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { wantAntdLocale } from '@/i18n/language-store';
import { isPast } from '@/lib/format/date';
import { useUserInfo } from '@/lib/session/user-info';
import { MembershipCard } from '../components/membership-card';
import { MyProductsTable } from '../components/my-products-table';
import { PlainCard } from '../components/plain-card';
import { StorageCard } from '../components/storage-card';

/**
 * The page is plain markup (its route says `antd: false`); the buy dialog with the checkout and
 * antd's provider load on first use (docs/performance.md, "First view").
 */
const loadBuyDialog = () =>
  Promise.all([import('../components/buy-dialog'), import('@/components/antd-provider'), wantAntdLocale()]);
const BuyDialog = lazy(() =>
  loadBuyDialog().then(([dialog, { AntdProvider }]) => ({
    default: (props: ComponentProps<typeof dialog.BuyDialog>) => (
      <AntdProvider>
        <dialog.BuyDialog {...props} />
      </AntdProvider>
    ),
  })),
);
const preloadBuyDialog = () => void loadBuyDialog().catch(() => undefined);

/** Shown in a card's place until the user info has loaded. */
function CardSkeleton() {
  return (
    <div className="plain-skeleton" aria-hidden>
      <span />
      <span />
      <span />
    </div>
  );
}

export function ProductsPage() {
  const { t } = useTranslation('products');
  const userInfo = useUserInfo();
  const products = useCall(calls.memberships.mine, {}, { select: (answer) => answer.rows });
  const [buying, setBuying] = useState(false);
  // stays mounted once opened: after the dialog closes it still shows the checkout of the order
  const [bought, setBought] = useState(false);
  const held = useMemo(
    () => new Set((products.data ?? []).filter((p) => !isPast(p.expireTime)).map((p) => p.goodsCode)),
    [products.data],
  );
  return (
    <>
      <PageHeader
        title={t('products.pageTitle')}
        description={t('products.pageDescription')}
        extra={
          <button
            type="button"
            className="plain-button plain-button-primary"
            onClick={() => {
              setBought(true);
              setBuying(true);
            }}
            onPointerEnter={preloadBuyDialog}
            onFocus={preloadBuyDialog}
            data-testid="buy-button"
          >
            <ShoppingCartOutlined aria-hidden />
            <span>{t('products.buyRenew')}</span>
          </button>
        }
      />
      {bought ? (
        <Suspense fallback={null}>
          <BuyDialog open={buying} held={held} onClose={() => setBuying(false)} />
        </Suspense>
      ) : null}
      <div className="products-cards">
        {userInfo.data ? <MembershipCard vipInfo={userInfo.data.vipInfo} /> : <CardSkeleton />}
        {userInfo.data ? <StorageCard storage={userInfo.data.storage} /> : <CardSkeleton />}
      </div>
      <PlainCard title={t('products.tableTitle')}>
        <QueryErrorAlert query={products} />
        <MyProductsTable rows={products.data} loading={products.isPending} />
      </PlainCard>
    </>
  );
}
