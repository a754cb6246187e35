/**
 * The fake PayPal API for the e2e run, on a fixed port: its approve page's
 * Approve button returns the payer to the order's return_url and posts the
 * signed CHECKOUT.ORDER.APPROVED (then, once captured, PAYMENT.CAPTURE.COMPLETED)
 * to the us2 server's webhook. Started by support/start-servers.ts (support/fakes.ts).
 */
import { httpPaths } from '@ac/protocol/http-paths';
import { startFakePaypal } from '../../server/test/fake-paypal.ts';
import { PAYPAL } from './paypal-config.ts';
import { servers } from './servers.ts';

const fake = await startFakePaypal({
  clientId: PAYPAL.clientId,
  clientSecret: PAYPAL.clientSecret,
  webhookId: PAYPAL.webhookId,
  deliver: `${servers.us2.origin}${httpPaths.paypalWebhook}`,
  port: PAYPAL.port,
});
console.log(`fake paypal at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
