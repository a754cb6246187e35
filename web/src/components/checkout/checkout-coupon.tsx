/**
 * The coupon part of the checkout (docs/product.md#coupons): my coupons that
 * apply to the order, or a typed code (pre-filled from the `coupon` URL
 * parameter). The server applies it and answers the order's new amounts.
 */
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { App, Button, Flex, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { couponOffText } from '@/lib/format/coupon';
import { formatMoney } from '@/lib/format/money';
import { trackedValue } from '@/lib/tracked-params';

const NONE = '';
type Props = { orderNo: string; onApplied: (order: TOrderDetail) => void };

export function CheckoutCoupon({ orderNo, onApplied }: Props) {
  const { t, i18n } = useTranslation(['checkout', 'common']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const offers = useCall(calls.orders.couponOffers, { orderNo });
  const apply = useCallMutation(calls.orders.coupon);
  const [typed, setTyped] = useState(() => trackedValue('coupon') ?? '');

  const change = (coupon: string | null) =>
    apply.mutate(
      { orderNo, coupon },
      {
        onSuccess: (order) => {
          onApplied(order);
          void offers.refetch();
          if (coupon) setTyped('');
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );

  const applied = offers.data?.applied ?? NONE;
  const options = [
    { value: NONE, label: t('checkout.noCoupon') },
    ...(offers.data?.rows ?? []).map((o) => ({
      value: o.code,
      label: `${couponOffText(o, t, i18n.language)} · ${o.code} → ${formatMoney(o.dueAmount, i18n.language)}`,
    })),
  ];
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="checkout-coupon">
      <Typography.Text strong id="checkout-coupon-label">
        {t('checkout.coupon')}
      </Typography.Text>
      <Select
        aria-labelledby="checkout-coupon-label"
        data-testid="checkout-coupon-select"
        value={applied}
        loading={offers.isFetching || apply.isPending}
        disabled={apply.isPending}
        options={options}
        onChange={(code: string) => change(code === NONE ? null : code)}
        notFoundContent={t('checkout.noCoupons')}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('checkout.couponCode')}
          placeholder={t('checkout.couponCode')}
          data-testid="checkout-coupon-input"
          value={typed}
          maxLength={64}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => typed.trim() && change(typed.trim())}
        />
        <Button
          data-testid="checkout-coupon-apply"
          loading={apply.isPending}
          disabled={!typed.trim()}
          onClick={() => change(typed.trim())}
        >
          {t('checkout.applyCoupon')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
