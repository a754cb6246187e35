/**
 * What /order says when a hosted payment page (Stripe Checkout, PayPal) sends
 * the payer back with `?orderNo=…&checkout=paid|cancelled` (CHECKOUT_RETURNS):
 * read against the order itself, so a payer who cancelled learns the order is
 * still unpaid and can pay it from here, and one who paid sees it confirmed
 * (or being confirmed, until the gateway's report arrives).
 */
import type { TOrderDetail } from '@ac/protocol/commerce';
import { ZOrderNo } from '@ac/protocol/commerce';
import { ZCheckoutReturn } from '@ac/protocol/enum-schemas';
import type { TCheckoutReturn } from '@ac/protocol/enums';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrderDetail } from '../api/get-order-detail';
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
  const detail = useOrderDetail(value.orderNo);
  const order = detail.data;
  if (!order) return null;
  const values = { orderNo: order.orderNo };
  const paid = order.payState === 1;
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
      description={notice.text}
      style={{ marginBottom: 16 }}
      data-testid="checkout-return"
      data-outcome={paid ? 'paid' : value.outcome}
      action={
        !paid && canPay(order.status) ? (
          <Button type="primary" size="small" onClick={() => onPay(order)} data-testid="checkout-return-pay">
            {t('orders.payNow')}
          </Button>
        ) : null
      }
    />
  );
}
