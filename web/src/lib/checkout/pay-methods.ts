/**
 * The payment methods each region offers (docs/product.md#states codes): China the
 * Alipay-style page flow (2) and WeChat's QR code (3); overseas the card
 * page flow (7). With PAYMENT_PROVIDERS=sandbox the server's sandbox
 * gateway answers them all.
 */
import { PayMethod, type TPayMethod, type TRegion } from '@ac/protocol/enums';

export const payMethodsByRegion: Record<TRegion, readonly TPayMethod[]> = {
  cn: [PayMethod.alipay, PayMethod.wechat],
  us: [PayMethod.other],
};

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
