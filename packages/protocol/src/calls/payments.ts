/** Paying an order and asking whether it is paid (docs/api-commerce.md). */
import { Code } from '../codes.ts';
import { ZOrderPayRequest, ZOrderPayResponse, ZOrderPayStateRequest, ZOrderPayStateResponse } from '../commerce.ts';
import { defineContract } from '../contract.ts';

export const payments = {
  pay: defineContract({
    path: '/order/v5/order/pay',
    summary:
      'Start paying an order: a page to open (payUrl) or, for WeChat (3), a QR code URL (qrCode); with 7, `channel` picks card (Stripe) or PayPal',
    tag: 'payments',
    auth: true,
    request: ZOrderPayRequest,
    response: ZOrderPayResponse,
    errors: [
      Code.orderNotFound,
      Code.orderNotPayable,
      Code.orderChargedByProvider,
      Code.orderPaymentInProgress,
      Code.payMethodUnavailable,
      Code.paymentProviderFailed,
    ],
  }),
  payState: defineContract({
    path: '/order/v5/order/payState',
    summary: 'Whether an order is paid; an order awaiting confirmation is checked with its gateway',
    tag: 'payments',
    auth: true,
    request: ZOrderPayStateRequest,
    response: ZOrderPayStateResponse,
    errors: [Code.orderNotFound],
  }),
};
