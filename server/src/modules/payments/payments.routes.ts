/**
 * POST /order/v5/pay/notify/{provider}: gateway notifications in the
 * gateway's own format (not the envelope). The raw body is kept as sent,
 * because the signatures cover it; the answer is the gateway's own
 * acknowledgement. Limited per IP; a refused notification is counted and
 * logged, never audited (notify-refusals.ts).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { FastifyInstance } from 'fastify';
import { NOTIFY_PATH_PREFIX } from '../../adapters/payments/gateways.ts';
import { errorAnswer } from '../../envelope/answer.ts';
import { defineCall } from '../../envelope/call.ts';
import type { PaymentsService } from './payments.service.ts';

const NOTIFY_BODY_LIMIT = 64 * 1024;
/** Per IP: a gateway retries and bursts, but nothing near this; past it the answer is 429. */
export const NOTIFY_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

export async function registerPaymentNotify(app: FastifyInstance, d: { payments: PaymentsService }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      `${NOTIFY_PATH_PREFIX}/:provider`,
      {
        bodyLimit: NOTIFY_BODY_LIMIT,
        config: { rateLimit: NOTIFY_RATE_LIMIT },
        schema: {
          summary: 'Payment gateway notification (sandbox, alipay, wechat, stripe, paypal)',
          tags: ['payments'],
          description:
            'Called by the payment gateway, not by clients: the body is the gateway’s own signed format (sandbox: JSON + x-sandbox-signature HMAC; alipay: form-encoded RSA2; wechat: JSON with Wechatpay-* headers and an AES-256-GCM resource, for payments (TRANSACTION.*) and refunds (REFUND.*); stripe: a webhook event with Stripe-Signature, charge.refunded for refunds; paypal: a webhook event with the PAYPAL-TRANSMISSION-* headers, verified by PayPal’s verify-webhook-signature with our webhook id). Answers the gateway’s acknowledgement: sandbox/alipay plain `success`, wechat `{"code":"SUCCESS"}`, stripe and paypal `{"received":true}`; a refused notification answers 400 and changes nothing.',
        },
      },
      async (req, reply) => {
        const { provider } = req.params as { provider: string };
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          headers[name] = Array.isArray(value) ? value[0] : value;
        }
        const ack = await d.payments.notify(provider, {
          rawBody: typeof req.body === 'string' ? req.body : '',
          headers,
        });
        if (!ack) return reply.status(404).send(errorAnswer(false, Code.notFound, `no payment provider ${provider}`));
        return reply.status(ack.status).header('cache-control', 'no-store').type(ack.contentType).send(ack.body);
      },
    );
  });
}

/** order/pay (start paying an order with a method and channel) and its polled state. */
export function createPaymentsCalls(d: { payments: PaymentsService }) {
  return [
    defineCall(calls.payments.pay, {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      handler: ({ payload, session }) =>
        d.payments.start(session.userId, payload.orderNo, payload.payMethod, payload.channel),
    }),
    defineCall(calls.payments.payState, {
      rateLimit: { max: 120, timeWindow: '1 minute' },
      handler: ({ payload, session }) => d.payments.payState(session.userId, payload.orderNo),
    }),
  ];
}
