/**
 * Product centre: current membership, storage, every membership product with its expiry, and Buy / Renew
 * (opened at once by the reminder mail's renew link, `?renew=<goods code>`).
 */
import { calls } from '@ac/protocol/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useCall } from '@/lib/api/use-call';
import '../products.css';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { type ComponentProps, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { wantAntdLocale } from '@/i18n/language-store';
import { invalidateCall } from '@/lib/api/use-call';
import { PAYMENT_OUTCOMES } from '@/lib/checkout/payment-outcomes';
import { isPast } from '@/lib/format/date';
import { useUserInfo } from '@/lib/session/user-info';
import { MembershipCard } from '../components/membership-card';
import { MyProductsTable } from '../components/my-products-table';
import { PlainCard } from '../components/plain-card';
import { RenewalCard } from '../components/renewal-card';
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

/** How often a renewing membership whose first payment is on its way is asked for again. */
const PENDING_POLL_MS = 2500;

/**
 * My renewing memberships. Back from the provider's checkout paid (`?checkout=paid`), or from
 * signing an Alipay agreement (`?checkout=signed`: its first deduction follows), before its event arrived, the one waiting for its first payment is asked for again; once paid the
 * membership and the orders load again.
 */
function useRenewing() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const backPaid = search.get('checkout') === 'paid' || search.get('checkout') === 'signed';
  const query = useCall(
    calls.subscriptions.mine,
    {},
    {
      select: (answer) => answer.rows,
      refetchInterval: (q) =>
        backPaid && q.state.data?.rows.some((s) => s.state === 'pending') ? PENDING_POLL_MS : false,
    },
  );
  const pending = query.data?.filter((s) => s.state === 'pending').length ?? 0;
  const before = useRef(pending);
  useEffect(() => {
    if (pending < before.current) void invalidateCall(queryClient, ...PAYMENT_OUTCOMES);
    before.current = pending;
  }, [pending, queryClient]);
  return query;
}

export function ProductsPage() {
  const { t } = useTranslation('products');
  const userInfo = useUserInfo();
  const products = useCall(calls.memberships.mine, {}, { select: (answer) => answer.rows });
  const renewing = useRenewing();
  // the renew link of the reminder mail (`?renew=<goods code>`) opens the buy dialog at once
  const [search] = useSearchParams();
  const [buying, setBuying] = useState(() => search.has('renew'));
  // stays mounted once opened: after the dialog closes it still shows the checkout of the order
  const [bought, setBought] = useState(() => search.has('renew'));
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
      <QueryErrorAlert query={renewing} />
      {renewing.data ? <RenewalCard rows={renewing.data} /> : null}
      <PlainCard title={t('products.tableTitle')}>
        <QueryErrorAlert query={products} />
        <MyProductsTable rows={products.data} loading={products.isPending} />
      </PlainCard>
    </>
  );
}
