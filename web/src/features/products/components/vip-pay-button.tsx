/**
 * "Confirm and pay": creates the order for the chosen plan and hands it to
 * the shared checkout dialog, as the product centre's Buy / Renew does;
 * once paid the product centre, user info and orders are refreshed.
 */
import { calls } from '@ac/protocol/calls';
import type { TCatalogItem } from '@ac/protocol/commerce';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutDialog, type CheckoutOrder, checkoutOrderOf } from '@/components/checkout/checkout-dialog';
import { useRefreshAfterPayment } from '@/components/checkout/use-refresh-after-payment';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';

type Props = { plan: TCatalogItem; disabled?: boolean; onPaid: () => void };

export function VipPayButton({ plan, disabled, onPaid }: Props) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const createOrder = useCallMutation(calls.orders.create);
  const refresh = useRefreshAfterPayment();
  const [checkout, setCheckout] = useState<CheckoutOrder | null>(null);

  const confirm = () => {
    createOrder.mutate(
      { goodsCode: plan.goodsCode, quantity: 1 },
      {
        onSuccess: (order) => {
          refresh();
          setCheckout(checkoutOrderOf(order));
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <>
      <Button
        type="primary"
        size="large"
        block
        loading={createOrder.isPending}
        disabled={disabled}
        onClick={confirm}
        data-testid="vip-pay"
      >
        {t('products.vipPay')}
      </Button>
      {checkout ? (
        <CheckoutDialog
          order={checkout}
          onClose={() => setCheckout(null)}
          onPaid={() => {
            onPaid();
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
