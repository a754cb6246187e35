/**
 * "Buy / Renew": the catalogue in a dialog; choosing goods creates the
 * order and hands it to the checkout dialog, which refreshes the product
 * centre and the orders once paid.
 */
import { calls } from '@ac/protocol/calls';
import type { TCatalogItem } from '@ac/protocol/commerce';
import { App, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutDialog, type CheckoutOrder, checkoutOrderOf } from '@/components/checkout/checkout-dialog';
import { useRefreshAfterPayment } from '@/components/checkout/use-refresh-after-payment';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { CatalogList } from './catalog-list';

type Props = { open: boolean; held: ReadonlySet<string>; onClose: () => void };

export function BuyDialog({ open, held, onClose }: Props) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const catalog = useCall(calls.products.catalog, {}, { staleTime: 5 * 60_000, enabled: open });
  const createOrder = useCallMutation(calls.orders.create);
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
        {catalog.data ? (
          <CatalogList
            rows={catalog.data.rows}
            held={held}
            pendingCode={createOrder.isPending ? createOrder.variables?.goodsCode : undefined}
            onBuy={buy}
          />
        ) : (
          <Skeleton active />
        )}
      </Modal>
      {checkout ? <CheckoutDialog order={checkout} onClose={() => setCheckout(null)} onPaid={refresh} /> : null}
    </>
  );
}
