/** How a coupon reads wherever it shows (my coupons, checkout): what it takes off and what it applies to. */
import type { TCoupon } from '@ac/protocol/coupons';
import type { TFunction } from 'i18next';
import { goodsKey } from '@/lib/enum-keys';
import { formatMoney } from './money';

export function couponOffText(c: Pick<TCoupon, 'amountOff' | 'percentOff'>, t: TFunction, language: string): string {
  return c.amountOff
    ? t('common.couponAmountOff', { amount: formatMoney(c.amountOff, language) })
    : t('common.couponPercentOff', { percent: c.percentOff });
}

export function couponGoodsText(c: Pick<TCoupon, 'goodsCodes'>, t: TFunction): string {
  if (!c.goodsCodes) return t('common.couponAllGoods');
  return c.goodsCodes.map((code) => t(goodsKey(code), { defaultValue: code })).join(', ');
}
