/**
 * "Buy / Renew": the catalogue in a dialog; choosing goods creates the
 * order and hands it to the checkout dialog, which refreshes the product
 * centre and the orders once paid. Where a billing provider is configured
 * (app-config `renewing`), goods with a renewing plan can also be bought
 * renewing every month/year: that goes to the provider's hosted checkout,
 * which returns to the product centre (docs/product.md#renewing-memberships).
 */
import { calls } from '@ac/protocol/calls';
import type { TCatalogItem } from '@ac/protocol/commerce';
import type { TRenewalPlan } from '@ac/protocol/subscriptions';
import { App, Modal, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutDialog, type CheckoutOrder, checkoutOrderOf } from '@/components/checkout/checkout-dialog';
import { useRefreshAfterPayment } from '@/components/checkout/use-refresh-after-payment';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { canRenewAutomatically, getRegion } from '@/lib/app-config';
import { CatalogList } from './catalog-list';

type Props = { open: boolean; held: ReadonlySet<string>; onClose: () => void };

export function BuyDialog({ open, held, onClose }: Props) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const catalog = useCall(calls.products.catalog, {}, { staleTime: 5 * 60_000, enabled: open });
  const renewing = canRenewAutomatically();
  const plans = useCall(calls.subscriptions.plans, {}, { staleTime: 5 * 60_000, enabled: open && renewing });
  const plansByGoods = useMemo(() => {
    const byGoods = new Map<string, TRenewalPlan[]>();
    for (const plan of plans.data?.rows ?? [])
      byGoods.set(plan.goodsCode, [...(byGoods.get(plan.goodsCode) ?? []), plan]);
    return byGoods;
  }, [plans.data]);
  const createOrder = useCallMutation(calls.orders.create);
  const subscribe = useCallMutation(calls.subscriptions.subscribe, {
    // the provider's checkout; it comes back to the product centre
    onSuccess: ({ payUrl }) => window.location.assign(payUrl),
    onError: (error) => void message.error(errorText(error)),
  });
  const refresh = useRefreshAfterPayment();
  const [checkout, setCheckout] = useState<CheckoutOrder | null>(null);

  const buy = (item: TCatalogItem) => {
    createOrder.mutate(
      { goodsCode: item.goodsCode, quantity: 1 },
      {
        onSuccess: (order) => {
          refresh();
          onClose();
          setCheckout(checkoutOrderOf(order));
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <>
      <Modal open={open} title={t('products.buyTitle')} onCancel={onClose} footer={null} width={640}>
        <QueryErrorAlert query={catalog} />
        {plansByGoods.size > 0 ? (
          <Typography.Paragraph type="secondary" data-testid="auto-renew-note">
            {t(getRegion() === 'cn' ? 'products.autoRenewNoteAlipay' : 'products.autoRenewNote')}
          </Typography.Paragraph>
        ) : null}
        {catalog.data ? (
          <CatalogList
            rows={catalog.data.rows}
            held={held}
            plans={plansByGoods}
            pending={
              createOrder.isPending
                ? { goodsCode: createOrder.variables.goodsCode }
                : subscribe.isPending || subscribe.isSuccess
                  ? subscribe.variables
                  : undefined
            }
            onBuy={buy}
            onSubscribe={(plan) => subscribe.mutate({ goodsCode: plan.goodsCode, interval: plan.interval })}
          />
        ) : (
          <Skeleton active />
        )}
      </Modal>
      {checkout ? <CheckoutDialog order={checkout} onClose={() => setCheckout(null)} onPaid={refresh} /> : null}
    </>
  );
}
