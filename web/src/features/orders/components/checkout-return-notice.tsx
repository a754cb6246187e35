/**
 * What /order says when a hosted payment page (Stripe Checkout, PayPal) sends
 * the payer back with `?orderNo=…&checkout=paid|cancelled` (CHECKOUT_RETURNS):
 * read against the order itself, so a payer who cancelled learns the order is
 * still unpaid and can pay it from here, and one who paid sees it confirmed
 * (or being confirmed: meanwhile the page asks `payState`, which has the
 * server ask the gateway and capture an approved PayPal order,
 * docs/decisions/0028-paypal.md).
 */
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { ZOrderNo } from '@ac/protocol/commerce';
import { ZCheckoutReturn } from '@ac/protocol/enum-schemas';
import type { TCheckoutReturn } from '@ac/protocol/enums';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayState } from '@/components/checkout/use-pay-state';
import { useRefreshAfterPayment } from '@/components/checkout/use-refresh-after-payment';
import { useCall } from '@/lib/api/use-call';
import { canPay } from './order-rules';

export type CheckoutReturn = { orderNo: string; outcome: TCheckoutReturn };

/** The way back from a payment page in the URL, or null. */
export function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  const orderNo = ZOrderNo.safeParse(params.get('orderNo'));
  const outcome = ZCheckoutReturn.safeParse(params.get('checkout'));
  return orderNo.success && outcome.success ? { orderNo: orderNo.data, outcome: outcome.data } : null;
}

type Props = { value: CheckoutReturn; onPay: (order: TOrderDetail) => void; onClose: () => void };

export function CheckoutReturnNotice({ value, onPay, onClose }: Props) {
  const { t } = useTranslation('orders');
  const detail = useCall(calls.orders.detail, { orderNo: value.orderNo }, { staleTime: 0 });
  const order = detail.data;
  const confirming = value.outcome === 'paid' && order !== undefined && order.payState !== 1;
  const payState = usePayState(value.orderNo, { enabled: confirming, poll: true });
  const refresh = useRefreshAfterPayment();
  const nowPaid = payState.data?.payState === 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once, when the polled state turns paid
  useEffect(() => {
    if (nowPaid) refresh();
  }, [nowPaid]);
  if (!order) return null;
  const values = { orderNo: order.orderNo };
  const paid = order.payState === 1 || nowPaid;
  const notice = paid
    ? { type: 'success' as const, title: t('orders.returnPaidTitle'), text: t('orders.returnPaidText', values) }
    : value.outcome === 'paid'
      ? {
          type: 'info' as const,
          title: t('orders.returnConfirmingTitle'),
          text: t('orders.returnConfirmingText', values),
        }
      : {
          type: 'warning' as const,
          title: t('orders.returnCancelledTitle'),
          text: t('orders.returnCancelledText', values),
        };
  return (
    <Alert
      showIcon
      closable={{ 'aria-label': t('orders.returnDismiss'), onClose }}
      type={notice.type}
      title={notice.title}
      description={
        <>
          <div>{notice.text}</div>
          {!paid && canPay(order) ? (
            // below the text, not as the Alert's action: beside it the text gets a narrow column on a phone
            <Button
              type="primary"
              size="small"
              onClick={() => onPay(order)}
              style={{ marginTop: 8 }}
              data-testid="checkout-return-pay"
            >
              {t('orders.payNow')}
            </Button>
          ) : null}
        </>
      }
      style={{ marginBottom: 16 }}
      data-testid="checkout-return"
      data-outcome={paid ? 'paid' : value.outcome}
    />
  );
}
