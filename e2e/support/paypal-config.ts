/**
 * The fake PayPal API of the e2e run (server/test/fake-paypal.ts, started by
 * support/start-servers.ts): the us2 server's PayPal SDK talks to it
 * (PAYPAL_API_BASE), and it posts signed webhooks back to us2.
 */
import { port as at } from './ports.ts';

export const PAYPAL = {
  port: at(8315),
  apiBase: `http://127.0.0.1:${at(8315)}`,
  clientId: 'AeE2eFakePaypalClientId0123456789',
  clientSecret: 'EE2eFakePaypalClientSecret0123456789abcdef',
  webhookId: '1JE2EFAKEWEBHOOK0123',
};

/** The variables of a server that takes PayPal through the fake (PAYMENT_PROVIDERS is set by servers.ts). */
export const paypalEnv = [
  `PAYPAL_CLIENT_ID=${PAYPAL.clientId}`,
  `PAYPAL_CLIENT_SECRET=${PAYPAL.clientSecret}`,
  `PAYPAL_WEBHOOK_ID=${PAYPAL.webhookId}`,
  'PAYPAL_ENVIRONMENT=sandbox',
  `PAYPAL_API_BASE=${PAYPAL.apiBase}`,
];
