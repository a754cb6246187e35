/**
 * The fake Stripe API of the e2e run (server/test/fake-stripe.ts, started by
 * support/start-servers.ts): the us2 server's Stripe SDK talks to it
 * (STRIPE_API_BASE), and its checkout page posts signed webhooks back to us2.
 */
import { port as at } from './ports.ts';

export const STRIPE = {
  port: at(8312),
  apiBase: `http://127.0.0.1:${at(8312)}`,
  secretKey: 'sk_test_e2eFakeStripeKey0123456789abcdef',
  webhookSecret: 'whsec_e2eFakeStripeEndpointSecret0123456789',
};

/** The variables of a server that takes card payments through the fake (PAYMENT_PROVIDERS is set by servers.ts). */
export const stripeEnv = [
  `STRIPE_SECRET_KEY=${STRIPE.secretKey}`,
  `STRIPE_WEBHOOK_SECRET=${STRIPE.webhookSecret}`,
  `STRIPE_API_BASE=${STRIPE.apiBase}`,
];
