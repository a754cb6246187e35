/**
 * The ways to pay each region offers (docs/product.md#states codes): China the
 * Alipay-style page flow (2) and WeChat's QR code (3); overseas pay method 7
 * through the channels the server offers (app-config `payChannels`: card
 * through Stripe, PayPal, FastSpring's popup storefront; docs/decisions/0028-paypal.md,
 * docs/decisions/0053-popup-storefront.md). With
 * PAYMENT_PROVIDERS=sandbox the server's sandbox gateway answers them all.
 */
import { PayMethod, type TPayChannel, type TPayMethod, type TRegion } from '@ac/protocol/enums';

export const payMethodsByRegion: Record<TRegion, readonly TPayMethod[]> = {
  cn: [PayMethod.alipay, PayMethod.wechat],
  us: [PayMethod.other],
};

/** One choice of the checkout: a pay method and, for 7, its channel. */
export type PayChoice = { method: TPayMethod; channel?: TPayChannel };

/** The checkout's choices: the region's methods, pay method 7 once per channel offered. */
export function payChoices(region: TRegion, channels: readonly TPayChannel[]): PayChoice[] {
  return payMethodsByRegion[region].flatMap((method): PayChoice[] =>
    method === PayMethod.other ? channels.map((channel) => ({ method, channel })) : [{ method }],
  );
}

/** A choice as one string (radio value, test id): `7`, `7-paypal`. */
export function payChoiceId(c: PayChoice): string {
  return c.channel && c.channel !== 'card' ? `${c.method}-${c.channel}` : String(c.method);
}

/** i18n key (checkout namespace) of a method's name. */
export function payMethodKey(method: TPayMethod): string {
  switch (method) {
    case PayMethod.alipay:
      return 'checkout.methodAlipay';
    case PayMethod.wechat:
      return 'checkout.methodWechat';
    case PayMethod.other:
      return 'checkout.methodCard';
    case PayMethod.pay360:
      return 'checkout.method360';
  }
}

/** i18n key (checkout namespace) of a choice's name. */
export function payChoiceKey(c: PayChoice): string {
  if (c.channel === 'paypal') return 'checkout.methodPaypal';
  if (c.channel === 'fastspring') return 'checkout.methodStorefront';
  return payMethodKey(c.method);
}
