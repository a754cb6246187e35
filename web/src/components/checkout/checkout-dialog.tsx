/**
 * Checkout of one order: the region's payment methods; the page flow opens
 * the gateway in a new window and waits (PaymentWaitDialog), the popup storefront loads
 * FastSpring's script only now and opens its popup over the page (StorefrontWaitDialog), WeChat shows a
 * 150×150 QR code; those two ask the server every 2.5 s until the order is paid.
 * Paid: the dialog closes, the 3-second notice shows and onPaid refreshes.
 */
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail, TOrderRow, TStorefrontPopup } from '@ac/protocol/commerce';
import type { TMoney } from '@ac/protocol/common';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { App, Button, Descriptions, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';
import { getPayChannels, getRegion } from '@/lib/app-config';
import { type PayChoice, payChoiceId, payChoiceKey, payChoices } from '@/lib/checkout/pay-methods';
import { goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';
import { CheckoutCoupon } from './checkout-coupon';
import { PaymentWaitDialog } from './payment-wait-dialog';
import { QrPayment } from './qr-payment';
import { StorefrontWaitDialog } from './storefront-wait-dialog';
import { usePaidNotice } from './use-paid-notice';
import { usePayState } from './use-pay-state';
import { useRefreshAfterPayment } from './use-refresh-after-payment';

/** `amount` is what is to pay: the price less the coupon's `discount`; a coupon can be chosen while `couponOpen`. */
export type CheckoutOrder = {
  orderNo: string;
  goodsCode: string;
  goodsName: string;
  price: TMoney;
  discount: TMoney;
  amount: TMoney;
  couponOpen: boolean;
};

/** What the checkout needs of an order row or of a just-created order. */
export const checkoutOrderOf = (
  order: Pick<
    TOrderRow,
    'orderNo' | 'goodsCode' | 'goodsName' | 'orderAmount' | 'discountAmount' | 'dueAmount' | 'status'
  >,
): CheckoutOrder => ({
  orderNo: order.orderNo,
  goodsCode: order.goodsCode,
  goodsName: order.goodsName,
  price: order.orderAmount,
  discount: order.discountAmount,
  amount: order.dueAmount,
  // a coupon may change only before a payment starts (0)
  couponOpen: order.status === OrderStatus.unpaid,
});
type Stage =
  | { kind: 'choose' }
  | { kind: 'page'; payUrl: string }
  | { kind: 'qr'; qrCode: string }
  | { kind: 'storefront'; popup: TStorefrontPopup };
type Props = { order: CheckoutOrder; onClose: () => void; onPaid: () => void };

export function CheckoutDialog({ order: given, onClose, onPaid }: Props) {
  const { t, i18n } = useTranslation(['checkout', 'enums']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const paidNotice = usePaidNotice();
  const choices = payChoices(getRegion(), getPayChannels());
  const [choice, setChoice] = useState<PayChoice>(choices[0] ?? { method: PayMethod.other });
  const method = choice.method;
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [order, setOrder] = useState(given);
  const refresh = useRefreshAfterPayment();
  const couponApplied = (detail: TOrderDetail) => {
    setOrder(checkoutOrderOf(detail));
    refresh();
  };
  const payOrder = useCallMutation(calls.payments.pay);
  const payState = usePayState(order.orderNo, {
    enabled: stage.kind === 'qr' || stage.kind === 'storefront',
    poll: true,
  });

  const finish = () => {
    onClose();
    paidNotice();
    onPaid();
  };
  const paid = payState.data?.payState === 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: finish once, when the polled state turns paid
  useEffect(() => {
    if (paid) finish();
  }, [paid]);

  const pay = async () => {
    // Opened within the click, so popup blockers let it through; the gateway URL follows. WeChat's
    // QR code and the popup storefront (an overlay of its own script) need no window.
    const popup = method === PayMethod.wechat || choice.channel === 'fastspring' ? null : window.open('', '_blank');
    setOrder((o) => ({ ...o, couponOpen: false }));
    try {
      const answer = await payOrder.mutateAsync({
        orderNo: order.orderNo,
        payMethod: method,
        ...(choice.channel ? { channel: choice.channel } : {}),
      });
      if ('popup' in answer) {
        setStage({ kind: 'storefront', popup: answer.popup });
      } else if ('payUrl' in answer) {
        if (popup) popup.location.href = answer.payUrl;
        else window.open(answer.payUrl, '_blank');
        setStage({ kind: 'page', payUrl: answer.payUrl });
      } else {
        setStage({ kind: 'qr', qrCode: answer.qrCode });
      }
    } catch (error) {
      popup?.close();
      setOrder((o) => ({ ...o, couponOpen: given.couponOpen }));
      void message.error(errorText(error));
    }
  };

  if (stage.kind === 'storefront') {
    return (
      <StorefrontWaitDialog
        popup={stage.popup}
        onClosed={() => void payState.refetch()}
        onOtherMethod={() => setStage({ kind: 'choose' })}
      />
    );
  }
  if (stage.kind === 'page') {
    return (
      <PaymentWaitDialog
        orderNo={order.orderNo}
        payUrl={stage.payUrl}
        onPaid={finish}
        onProblem={() => setStage({ kind: 'choose' })}
      />
    );
  }
  return (
    <Modal
      open
      title={t('checkout.title')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        stage.kind === 'choose' ? (
          <Button type="primary" loading={payOrder.isPending} onClick={() => void pay()} data-testid="checkout-pay">
            {t('checkout.pay')}
          </Button>
        ) : null
      }
    >
      <div data-testid="checkout-dialog" data-order-no={order.orderNo}>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('checkout.orderNo')}>{order.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('checkout.goods')}>
            {t(goodsKey(order.goodsCode), { defaultValue: order.goodsName })}
          </Descriptions.Item>
          {order.discount.amount > 0 ? (
            <>
              <Descriptions.Item label={t('checkout.price')}>
                <span data-testid="checkout-price">{formatMoney(order.price, i18n.language)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('checkout.discount')}>
                <span data-testid="checkout-discount">−{formatMoney(order.discount, i18n.language)}</span>
              </Descriptions.Item>
            </>
          ) : null}
          <Descriptions.Item label={t('checkout.amount')}>
            <strong data-testid="checkout-amount">{formatMoney(order.amount, i18n.language)}</strong>
          </Descriptions.Item>
        </Descriptions>
        {stage.kind === 'choose' && order.couponOpen ? (
          <CheckoutCoupon orderNo={order.orderNo} onApplied={couponApplied} />
        ) : null}
        {stage.kind === 'qr' ? (
          <QrPayment qrCode={stage.qrCode} onBack={() => setStage({ kind: 'choose' })} />
        ) : (
          <Radio.Group
            value={payChoiceId(choice)}
            onChange={(e) => setChoice(choices.find((c) => payChoiceId(c) === e.target.value) ?? choice)}
            aria-label={t('checkout.method')}
          >
            <Space orientation="vertical">
              {choices.map((c) => (
                <Radio key={payChoiceId(c)} value={payChoiceId(c)} data-testid={`pay-method-${payChoiceId(c)}`}>
                  {t(payChoiceKey(c))}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        )}
      </div>
    </Modal>
  );
}
