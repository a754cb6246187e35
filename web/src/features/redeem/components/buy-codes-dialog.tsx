/**
 * Buying redeem codes: choose goods and duration (the catalogue's offers), a quantity in the
 * offer's range, see the total, then pay the order through the shared checkout.
 */
import { calls } from '@ac/protocol/calls';
import type { TRedeemOffer } from '@ac/protocol/commerce';
import { Alert, Descriptions, Form, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutDialog, type CheckoutOrder, checkoutOrderOf } from '@/components/checkout/checkout-dialog';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { goodsKey } from '@/lib/enum-keys';
import { formatMoney } from '@/lib/format/money';

const keyOf = (o: Pick<TRedeemOffer, 'goodsCode' | 'durationDays'>) => `${o.goodsCode}:${o.durationDays}`;

type Props = { onClose: () => void; onPaid: () => void };

export function BuyCodesDialog({ onClose, onPaid }: Props) {
  const { t, i18n } = useTranslation(['redeem', 'enums']);
  const errorText = useErrorText();
  const offers = useCall(calls.redeem.offers, {});
  const buy = useCallMutation(calls.redeem.buy, { invalidates: [calls.redeem.orders, calls.redeem.orderDetail] });
  const buyable = (offers.data?.rows ?? []).filter((o) => o.mayBuy);
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [checkout, setCheckout] = useState<CheckoutOrder | null>(null);
  const offer = buyable.find((o) => keyOf(o) === chosen) ?? buyable[0];
  const inRange = offer && quantity !== null && quantity >= offer.minQuantity && quantity <= offer.maxQuantity;

  if (checkout) return <CheckoutDialog order={checkout} onClose={onClose} onPaid={onPaid} />;

  const submit = async () => {
    if (!offer || !inRange) return;
    const order = await buy.mutateAsync({ goodsCode: offer.goodsCode, durationDays: offer.durationDays, quantity });
    setCheckout(checkoutOrderOf(order));
  };

  return (
    <Modal
      open
      title={t('redeem.buyTitle')}
      onCancel={onClose}
      maskClosable={false}
      okText={t('redeem.buyContinue')}
      okButtonProps={{ disabled: !inRange, loading: buy.isPending, ...{ 'data-testid': 'buy-codes-continue' } }}
      onOk={() => void submit().catch(() => undefined)}
    >
      <Form layout="vertical" component="div" data-testid="buy-codes-dialog">
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {buy.error ? <Alert type="error" showIcon message={errorText(buy.error)} /> : null}
          {offers.isSuccess && buyable.length === 0 ? (
            <Alert type="info" showIcon message={t('redeem.buyNothing')} />
          ) : null}
          <Form.Item label={t('redeem.buyGoods')} htmlFor="buy-codes-offer" style={{ marginBottom: 0 }}>
            <Select
              id="buy-codes-offer"
              style={{ width: '100%' }}
              loading={offers.isPending}
              value={offer ? keyOf(offer) : undefined}
              onChange={setChosen}
              data-testid="buy-codes-offer"
              options={buyable.map((o) => ({
                value: keyOf(o),
                label: t('redeem.buyOffer', {
                  goods: t(goodsKey(o.goodsCode), { defaultValue: o.goodsName }),
                  days: o.durationDays,
                  price: formatMoney(o.price, i18n.language),
                }),
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('redeem.buyQuantity')}
            htmlFor="buy-codes-quantity"
            style={{ marginBottom: 0 }}
            extra={offer ? t('redeem.buyRange', { min: offer.minQuantity, max: offer.maxQuantity }) : undefined}
          >
            <InputNumber
              id="buy-codes-quantity"
              style={{ width: '100%' }}
              min={1}
              precision={0}
              value={quantity}
              onChange={(v) => setQuantity(v)}
              status={offer && !inRange ? 'error' : undefined}
              data-testid="buy-codes-quantity"
            />
          </Form.Item>
          {offer && inRange ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('redeem.buyTotal')}>
                <strong data-testid="buy-codes-total">
                  {formatMoney(
                    { amount: offer.price.amount * quantity, currency: offer.price.currency },
                    i18n.language,
                  )}
                </strong>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
        </Space>
      </Form>
    </Modal>
  );
}
